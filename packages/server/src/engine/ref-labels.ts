/**
 * The names of referenced records, for a screen that shows a reference (`client_id: 4`) as words
 * ("Acme Glass"): a history's changes. One statement for every referenced resource together, read
 * by the same rules as the engine's belongsTo relations: the caller must be able to view the
 * target's area, its record scope and fixed slice apply, and a deleted record keeps its name.
 *
 *   const target = refTarget(resource('jobs'), 'client_id');   // clients
 *   const labels = await refLabels(ctx, new Map([[target, new Set([4, 9])]]));
 *   labels.get(refKey(target, 4))                            // 'Acme Glass'
 */
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { isResourceName } from '@glazier/shared/resources/registry';
import type { Row } from '../db/client.ts';
import { allowed, canEdit, type Ctx } from './context.ts';
import { resource } from './engine.ts';
import { baseConditions } from './query.ts';
import type { ServerResource } from './server-resource.ts';

/**
 * The resource a reference field points at: the one of its belongsTo relation when there is one
 * (a job's `job_template_id` names a job template, not a job), else the field's `ref`. Undefined
 * for a field that is not a reference.
 */
export function refTarget(res: ServerResource, field: string): ServerResource | undefined {
  const fd = res.def.fields[field];
  if (fd?.kind !== 'ref' || !fd.ref) return undefined;
  const rel = Object.values(res.def.relations).find((r) => r.kind === 'belongsTo' && r.localKey === field);
  const name = rel?.resource ?? fd.ref;
  return isResourceName(name) ? resource(name) : undefined;
}

export const refKey = (target: ServerResource, id: number) => `${target.name}:${id}`;

/** A column the caller may read, by the output rules of `present()`. */
function readable(ctx: Ctx, res: ServerResource, column: string): boolean {
  const fd = res.def.fields[column];
  return Boolean(fd) && !fd!.writeOnly && (!fd!.guard || canEdit(ctx, fd!.guard));
}

/**
 * How a record is named: its title field, or its name when the title is empty (a job without a
 * number). Null for a resource with neither (a takeoff, titled by its id).
 */
function labelOf(ctx: Ctx, target: ServerResource): SQL | null {
  const t = target.table;
  const columns = [...new Set([target.def.titleField, 'name'])].filter((c) => c !== 'id' && readable(ctx, target, c));
  if (!columns.length) return null;
  return sql`coalesce(${sql.join(
    columns.map((c) => sql`nullif(${t[c]}::text, '')`),
    sql`, `,
  )})`;
}

/**
 * The names of the given records of each target resource, keyed by `refKey`: one statement
 * (UNION ALL of one select per target), none when there is nothing to name. A record the caller
 * may not read is absent from the answer.
 */
export async function refLabels(ctx: Ctx, wanted: Map<ServerResource, Set<number>>): Promise<Map<string, string>> {
  const selects: SQL[] = [];
  for (const [target, idSet] of wanted) {
    const label = labelOf(ctx, target);
    if (!idSet.size || !label || !allowed(ctx, 'view', target.def.read)) continue;
    const t = target.table;
    const where = and(inArray(t.id, [...idSet]), ...baseConditions(ctx, target, { includeDeleted: true }));
    selects.push(sql`SELECT ${target.name}::text AS resource, ${t.id} AS id, ${label} AS label FROM ${t} WHERE ${where}`);
  }
  const labels = new Map<string, string>();
  if (!selects.length) return labels;
  const rows = (await ctx.db.orm.execute(sql.join(selects, sql` UNION ALL `))) as unknown as Row[];
  for (const r of rows) {
    if (typeof r.label === 'string' && r.label) labels.set(`${String(r.resource)}:${Number(r.id)}`, r.label);
  }
  return labels;
}
