import type { SearchHit } from '@glazier/shared/actions/records';
import { recordName } from '@glazier/shared/resources/naming';
import { RESOURCE_NAMES } from '@glazier/shared/resources/registry';
import type { ResourceRow } from '../db/client.ts';
import { allowed, requireUser, type Ctx } from '../engine/context.ts';
import { page } from '../engine/read.ts';
import { resource } from '../engine/resources.ts';
import { invalid } from '../engine/errors.ts';

const PER_RESOURCE = 5;

/** The line under a hit's name: its parts that are there, joined (an area's palette declaration, server-area.ts). */
export const hitLine = (...parts: unknown[]) => parts.filter((p) => p !== null && p !== undefined && p !== '').join(' · ') || null;

/** The resources the palette searches, in their declared order. */
const SOURCES = () =>
  RESOURCE_NAMES.map(resource)
    .flatMap((r) => (r.palette ? [{ ...r, palette: r.palette }] : []))
    .sort((a, b) => a.palette.order - b.palette.order);

/**
 * `GET /api/search?q=` → `{data: SearchHit[]}`: the resources whose areas declare a `palette`
 * search (jobs, clients, estimates, materials, products, purchase orders), each through its own
 * paged search, at most five of each, only of the kinds the caller may view (and through each
 * kind's own scope and output rules). A hit whose title is the query comes first.
 */
export async function searchEverything({ ctx, q: raw }: { ctx: Ctx; q: unknown }): Promise<{ data: SearchHit[] }> {
  requireUser(ctx);
  const q = typeof raw === 'string' ? raw.trim() : '';
  if (q.length > 200) throw invalid({ q: ['Must be at most 200 characters.'] });
  if (!q) return { data: [] };
  const data: SearchHit[] = [];
  for (const source of SOURCES()) {
    const def = source.def;
    if (!allowed(ctx, 'view', def.read)) continue;
    const query = source.palette.query(q);
    if (!query) continue;
    let rows: ResourceRow[];
    try {
      rows = (await page(ctx, source.name, { ...query, page: 1, per_page: PER_RESOURCE })).data;
    } catch (e) {
      // a query one resource cannot take (its own validation) finds nothing there
      if ((e as { status?: number }).status === 422) continue;
      throw e;
    }
    const hits = rows.map((r) => ({ resource: source.name, id: r.id, title: recordName(def, r), subtitle: source.palette.subtitle(r) }));
    const exact = (h: SearchHit) => (h.title.toLowerCase() === q.toLowerCase() ? 0 : 1);
    data.push(...hits.sort((a, b) => exact(a) - exact(b)));
  }
  return { data };
}
