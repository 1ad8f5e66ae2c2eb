/**
 * The estimate as printed (shared/rules/estimating/estimate-document.ts), read on the server as a
 * given caller: the client's approval page reads it as the system (every amount), the PDF as the
 * signed-in reader (amounts only with `edit estimates_admin`, as the print page shows them), the
 * same reads and rules either way. A missing estimate is the read's 404, a reader without `view
 * estimates` its 403.
 */
import { sql } from 'drizzle-orm';
import { estimateDocument, type EstimateDocument } from '@glazier/shared/rules/estimating/estimate-document';
import { SETTING } from '@glazier/shared/settings';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { get, list } from '../../engine/read.ts';
import { readSetting, readShop } from '../../platform/settings.ts';

export interface ReadEstimateDocument {
  doc: EstimateDocument;
  estimate: RecordWithRelations<'estimates'>;
}

export async function readEstimateDocument(ctx: Ctx, estimateId: number): Promise<ReadEstimateDocument> {
  // with its computed client name and total (and its relations: the category notes)
  const estimate = await get(ctx, 'estimates', estimateId);
  // the list, not the embedded relation: it carries the items' computed category and product names
  const [items, shop, terms] = await Promise.all([
    list(ctx, 'estimate_items', { estimate_id: String(estimateId) }),
    readShop(ctx.db),
    readSetting(ctx.db, SETTING.estimateTerms),
  ]);
  const categoryIds = [...new Set(items.data.map((i) => i.product_category_id).filter((c): c is number => c != null))];
  const categories = categoryIds.length
    ? await sqlSelect(
        ctx.db,
        { id: 'num', name: 'text', sort: 'num?' },
        sql`SELECT id, name, sort FROM product_categories WHERE id = ANY(${`{${categoryIds.join(',')}}`}::int[])`,
      )
    : [];
  const doc = estimateDocument({
    company: { ...shop, terms: terms ?? '' },
    estimate,
    items: items.data,
    categoryNotes: estimate.category_notes ?? [],
    categories,
  });
  return { doc, estimate };
}
