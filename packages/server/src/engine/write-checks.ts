/** What a write checks before it stores anything: the area right, the record rule's right, the body, its id lists. */
import { and } from 'drizzle-orm';
import { anyOf } from './select-rows.ts';
import { recordSchema, issuesToErrors } from '@glazier/shared/resources/record-schema';
import type { ResourceRow, Row } from '../db/client.ts';
import { allowed, canEdit, requireUser, type Ctx } from './context.ts';
import { forbidden, invalid } from './errors.ts';
import { baseConditions } from './query.ts';
import { resource } from './resources.ts';
import type { ServerResource, WriteOp } from './server-resource.ts';

export function prefixErrors(errors: Record<string, string[]>, prefix?: string): Record<string, string[]> {
  if (!prefix) return errors;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v]));
}

/**
 * The area right, checked before anything else of a write (then existence 404, then validation
 * 422, then record rules): a caller without the right learns nothing about ids or the body.
 */
export function checkArea(ctx: Ctx, res: ServerResource, op: WriteOp) {
  requireUser(ctx);
  const ok = res.mayWrite ? res.mayWrite(ctx, op) : allowed(ctx, 'edit', res.def.write);
  if (!ok) throw forbidden();
}

export function checkWrite(ctx: Ctx, res: ServerResource, op: WriteOp, values: Row | null, existing: ResourceRow | null) {
  requireUser(ctx);
  const ok = res.canWrite ? res.canWrite(ctx, { values, existing, op }) : allowed(ctx, 'edit', res.def.write);
  if (!ok) throw forbidden();
}

/** Validates the body against the definition and keeps only what the caller may write. */
export function validate(ctx: Ctx, res: ServerResource, body: unknown, mode: 'create' | 'update', prefix?: string): { values: Row; input: Row } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid({ [prefix ? prefix.slice(0, -1) : '_']: ['The body must be a record.'] });
  const parsed = recordSchema(res.def, mode).safeParse(body);
  if (!parsed.success) throw invalid(prefixErrors(issuesToErrors(parsed.error.issues), prefix));
  const input = parsed.data as Row;
  const values: Row = {};
  for (const [name, fd] of Object.entries(res.def.fields)) {
    if (!(name in input) || fd.readOnly) continue;
    if (fd.guard && !canEdit(ctx, fd.guard)) continue;
    values[name] = input[name]; // write-only ones (passwords) are for hooks; never stored as-is
  }
  return { values, input };
}

/** Every id of an id list must name an existing record (422 instead of a dangling id). */
export async function checkIdLists(ctx: Ctx, res: ServerResource, values: Row, prefix = ''): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [name, fd] of Object.entries(res.def.fields)) {
    const ids = values[name];
    if (fd.kind !== 'idList' || !fd.ref || !Array.isArray(ids) || !ids.length) continue;
    const target = resource(fd.ref);
    const wanted: number[] = [...new Set(ids)]; // validated as an id list
    const found = (await ctx.db.orm
      .select({ id: target.table.id })
      .from(target.table)
      .where(and(anyOf(target.table.id, wanted), ...baseConditions(ctx, target)))) as { id: number }[];
    const known = new Set(found.map((r) => r.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length)
      errors[`${prefix}${name}`] = [`Unknown ${target.def.label.toLowerCase()} id${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 10).join(', ')}.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export function stripWriteOnly(res: ServerResource, values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) if (!res.def.fields[k]?.writeOnly) out[k] = v;
  return out;
}
