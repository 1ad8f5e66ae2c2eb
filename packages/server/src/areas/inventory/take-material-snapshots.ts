import type { SnapshotSummary } from '@glazier/shared/actions/inventory';
import { sql } from 'drizzle-orm';
import { fieldValueSchema } from '@glazier/shared/resources/field-schemas';
import { f } from '@glazier/shared/resources/fields';
import { tableFor } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { invalid } from '../../engine/errors.ts';
import { onHandSql, unitValueSql } from './inventory-hooks.ts';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';

const DATE = fieldValueSchema(f.date());

/**
 * `POST /api/material_snapshots/take {date}` (date defaults to today): for every active material,
 * its on hand as of that date and its value (on hand × the latest receipt's unit price up to that
 * date, else the starting price), in one statement inside one transaction. Taking a date again
 * replaces that date's snapshot, so a retry or a correction never doubles it.
 */
export async function takeMaterialSnapshots({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<SnapshotSummary> {
  const raw = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as { date?: unknown }).date : undefined;
  const parsed = DATE.safeParse(raw === undefined || raw === null || raw === '' ? new Date().toISOString().slice(0, 10) : raw);
  if (!parsed.success) throw invalid({ date: [parsed.error.issues[0]?.message ?? 'Must be a date (YYYY-MM-DD).'] });
  const date = parsed.data as string;
  const m = tableFor('materials');
  return namedWrite(ctx, async (w) => {
    const db = w.ctx.db;
    await sqlRun(db, sql`DELETE FROM material_snapshots WHERE date = ${date}`);
    await sqlRun(
      db,
      sql`INSERT INTO material_snapshots (material_id, date, qty, value)
      SELECT s.id, ${date}, s.on_hand, round(s.on_hand * s.unit_value, 2) FROM (
        SELECT ${m.id} AS id, ${onHandSql(m, date)} AS on_hand, ${unitValueSql(m, date)} AS unit_value
        FROM ${m} WHERE ${m.active} AND ${m.deleted_at} IS NULL) s`,
    );
    const [sum] = await sqlSelect(
      db,
      { materials: 'num', value: 'num' },
      sql`SELECT count(*)::int AS materials, coalesce(sum(value), 0) AS value FROM material_snapshots WHERE date = ${date}`,
    );
    const summary = { date, materials: Number(sum?.materials ?? 0), value: Number(sum?.value ?? 0) };
    await w.summary('material_snapshots', 'take', null, { ...summary });
    return summary;
  });
}
