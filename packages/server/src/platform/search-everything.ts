import type { SearchHit } from '@glazier/shared/actions/records';
import { recordName } from '@glazier/shared/resources/naming';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { ResourceRow, Row } from '../db/client.ts';
import { allowed, requireUser, type Ctx } from '../engine/context.ts';
import { page } from '../engine/read.ts';
import { resource } from '../engine/resources.ts';
import { invalid } from '../engine/errors.ts';


const PER_RESOURCE = 5;
const text = (...parts: unknown[]) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ') || null;

/** What the command palette searches, and how a hit reads under its name (`recordName`). Each goes through the resource's own paged search. */
const SOURCES: { resource: ResourceName; query(q: string): Row | null; subtitle(r: Row): string | null }[] = [
  { resource: 'jobs', query: (q) => ({ search: q }), subtitle: (r) => text(r.number ? r.name : null, r.client_name) },
  { resource: 'clients', query: (q) => ({ search: q }), subtitle: () => null },
  { resource: 'estimates', query: (q) => ({ search: q }), subtitle: (r) => text(r.job_number, r.status) },
  { resource: 'materials', query: (q) => ({ search: q }), subtitle: (r) => text(r.description) },
  { resource: 'products', query: (q) => ({ search: q }), subtitle: (r) => text(r.number ? r.name : r.description) },
  // purchase orders have a number only: a query of digits looks it up
  { resource: 'purchase_orders', query: (q) => (/^\d{1,9}$/.test(q) ? { number: q, with_vendor: 'true' } : null), subtitle: (r) => text((r.vendor as Row | null)?.name) },
];

/**
 * `GET /api/search?q=` → `{data: SearchHit[]}`: jobs, clients, estimates, materials, products and
 * purchase orders by number and name, at most five of each, only of the kinds the caller may view
 * (and through each kind's own scope and output rules). A hit whose title is the query comes first.
 */
export async function searchEverything({ ctx, q: raw }: { ctx: Ctx; q: unknown }): Promise<{ data: SearchHit[] }> {
  requireUser(ctx);
  const q = typeof raw === 'string' ? raw.trim() : '';
  if (q.length > 200) throw invalid({ q: ['Must be at most 200 characters.'] });
  if (!q) return { data: [] };
  const data: SearchHit[] = [];
  for (const source of SOURCES) {
    const def = resource(source.resource).def;
    if (!allowed(ctx, 'view', def.read)) continue;
    const query = source.query(q);
    if (!query) continue;
    let rows: ResourceRow[];
    try {
      rows = (await page(ctx, source.resource, { ...query, page: 1, per_page: PER_RESOURCE })).data;
    } catch (e) {
      // a query one resource cannot take (its own validation) finds nothing there
      if ((e as { status?: number }).status === 422) continue;
      throw e;
    }
    const hits = rows.map((r) => ({ resource: source.resource, id: r.id, title: recordName(def, r), subtitle: source.subtitle(r) }));
    const exact = (h: SearchHit) => (h.title.toLowerCase() === q.toLowerCase() ? 0 : 1);
    data.push(...hits.sort((a, b) => exact(a) - exact(b)));
  }
  return { data };
}
