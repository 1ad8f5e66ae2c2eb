/**
 * The names of referenced records, for a screen that shows a reference (`client_id: 4`) as words
 * ("Acme Glass"): a history's changes, named by their resource's `naming` as everywhere else. One
 * statement for every referenced resource together, read by the same rules as the engine's
 * belongsTo relations: the caller must be able to view the target's area, its record scope and
 * fixed slice apply, and a deleted record keeps its name.
 *
 *   const target = refTarget(resource('jobs'), 'client_id');   // clients
 *   const labels = await refLabels(ctx, new Map([[target, new Set([4, 9])]]));
 *   labels.get(refKey(target, 4))                            // 'Acme Glass'
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { anyOf } from './select-rows.ts';
import { isResourceName } from '@glazier/shared/resources/registry';
import { sqlRows } from '../db/client.ts';
import { allowed, canEdit, type Ctx } from './context.ts';
import { resource } from './resources.ts';
import { baseConditions } from './query.ts';
import type { ServerResource } from './server-resource.ts';

/**
 * The resource a reference field points at (its `ref`: a job's `job_template_id` names a job
 * template; an estimate's `alternate_categories`, a list of ids, names product categories);
 * undefined for other fields.
 */
export function refTarget(res: ServerResource, field: string): ServerResource | undefined {
  const fd = res.def.fields[field];
  if ((fd?.kind !== 'ref' && fd?.kind !== 'idList') || !fd.ref) return undefined;
  return isResourceName(fd.ref) ? resource(fd.ref) : undefined;
}

export const refKey = (target: ServerResource, id: number) => `${target.name}:${id}`;

/** A column the caller may read, by the output rules of `present()`. */
function readable(ctx: Ctx, res: ServerResource, column: string): boolean {
  const fd = res.def.fields[column];
  return Boolean(fd) && !fd!.writeOnly && (!fd!.guard || canEdit(ctx, fd!.guard));
}

/**
 * A record's name in SQL, by its resource's `naming`, as `recordName()` gives it in TypeScript
 * (shared naming.ts): the first field that is not blank, after the prefix, else the label and the
 * id. A field the caller may not read is skipped, as it is absent from the record they read.
 */
export function recordNameSql(ctx: Ctx, target: ServerResource): SQL {
  const t = target.table;
  const { fields, prefix = '' } = target.def.naming;
  const named = fields.filter((c) => readable(ctx, target, c)).map((c) => sql`nullif(${t[c]}::text, '')`);
  const value = named.length > 1 ? sql`coalesce(${sql.join(named, sql`, `)})` : named[0];
  const fallback = sql`${`${target.def.label} `}::text || ${t.id}::text`;
  if (!value) return fallback;
  return sql`coalesce(${prefix ? sql`${prefix}::text || ${value}` : value}, ${fallback})`;
}

/**
 * The names of the given records of each target resource, keyed by `refKey`: one statement
 * (UNION ALL of one select per target), none when there is nothing to name. A record the caller
 * may not read is absent from the answer.
 */
export async function refLabels(ctx: Ctx, wanted: Map<ServerResource, Set<number>>): Promise<Map<string, string>> {
  const selects: SQL[] = [];
  for (const [target, idSet] of wanted) {
    if (!idSet.size || !allowed(ctx, 'view', target.def.read)) continue;
    const t = target.table;
    const where = and(anyOf(t.id, [...idSet]), ...baseConditions(ctx, target, { includeDeleted: true }));
    selects.push(sql`SELECT ${target.name}::text AS resource, ${t.id} AS id, ${recordNameSql(ctx, target)} AS label FROM ${t} WHERE ${where}`);
  }
  const labels = new Map<string, string>();
  if (!selects.length) return labels;
  const rows = await sqlRows<{ resource: string; id: number; label: string | null }>(ctx.db, sql.join(selects, sql` UNION ALL `));
  for (const r of rows) {
    if (typeof r.label === 'string' && r.label) labels.set(`${r.resource}:${r.id}`, r.label);
  }
  return labels;
}
