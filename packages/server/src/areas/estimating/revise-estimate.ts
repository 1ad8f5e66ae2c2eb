import { getTableColumns, sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import type { Db } from '../../db/client.ts';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import { tableFor } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { OLDER_REVISION_MESSAGE } from '@glazier/shared/rules/estimating/estimate-status';

/** The stored columns of a table but these: `INSERT … SELECT` copies them as they are. */
function copied(table: string, except: readonly string[]): string[] {
  return Object.values(getTableColumns(tableFor(table)) as Record<string, { name: string }>)
    .map((c) => c.name)
    .filter((n) => !['id', 'created_at', 'updated_at', ...except].includes(n));
}

const list = (cols: readonly string[]) => sql.raw(cols.map((c) => `"${c}"`).join(', '));

/**
 * Copies the rows of `table` whose `column` is `from` onto `to`; answers old id → new id.
 * `fromSource` gives columns a value of the source row's own (`{ revised_from_id: 'id' }`: each copy names
 * the row it came from).
 */
async function copyRows(db: Db, table: string, column: string, from: number, to: number, fromSource: Record<string, 'id'> = {}): Promise<Map<number, number>> {
  const cols = copied(table, [column, ...Object.keys(fromSource)]);
  const extra = Object.entries(fromSource);
  const [pairs] = await sqlSelect(
    db,
    { olds: 'num[]?', news: 'num[]?' },
    sql`WITH src AS (SELECT * FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${from} ORDER BY id),
         ins AS (INSERT INTO ${sql.identifier(table)} (${list([column, ...extra.map(([k]) => k), ...cols])})
                 SELECT ${to}, ${sql.raw(extra.map(([, v]) => `${v}, `).join(''))}${list(cols)} FROM src ORDER BY id RETURNING id)
         SELECT (SELECT array_agg(id ORDER BY id) FROM src) AS olds, (SELECT array_agg(id ORDER BY id) FROM ins) AS news`,
  );
  const news = pairs?.news ?? [];
  return new Map((pairs?.olds ?? []).map((old, i) => [old, news[i]!]));
}

/**
 * `POST /api/estimates/{id}/revise`: a copy of the latest revision as the next one,
 * a draft, with its items (each naming the item it was copied from, for the diff), category notes
 * and takeoff; the revision it was made from is kept as it was (superseded: read-only from now on).
 * One named write, audit rows on both (`revise` on the copy, naming its source; `superseded`).
 */
export async function reviseEstimate({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'estimates'>> {
  return changeRecord(ctx, { resource: 'estimates', id, action: 'superseded' }, async (w, source) => {
    const tx = w.ctx;
    const db = tx.db;
    if (source.superseded_at != null) throw new ApiError(409, OLDER_REVISION_MESSAGE);
    const root = source.revision_root_id ?? id;
    const [{ next } = { next: 1 }] = await sqlSelect(
      db,
      { next: 'num' },
      sql`SELECT max(revision)::int + 1 AS next FROM estimates WHERE id = ${root} OR revision_root_id = ${root}`,
    );
    const cols = copied('estimates', [
      'status',
      'decision',
      'decided_at',
      'decided_by',
      'job_id',
      'revision',
      'revision_root_id',
      'superseded_at',
      'deleted_at',
    ]);
    const values = Object.fromEntries(cols.map((c) => [c, source[c as keyof typeof source]]));
    const copy = await w.insert(
      'estimates',
      { ...values, status: 'draft', revision: next, revision_root_id: root },
      {
        action: 'revise',
        before: { id, revision: source.revision },
      },
    );
    const copyId = copy.id;
    await copyRows(db, 'estimate_items', 'estimate_id', id, copyId, { revised_from_id: 'id' });
    await copyRows(db, 'estimate_category_notes', 'estimate_id', id, copyId);
    const [takeoff] = await sqlSelect(db, { id: 'num' }, sql`SELECT id FROM takeoffs WHERE estimate_id = ${id}`);
    if (takeoff) {
      const [newTakeoff] = await sqlSelect(db, { id: 'num' }, sql`INSERT INTO takeoffs (estimate_id) VALUES (${copyId}) RETURNING id`);
      const units = await copyRows(db, 'takeoff_units', 'takeoff_id', takeoff.id, newTakeoff!.id);
      const olds = `{${[...units.keys()].join(',')}}`;
      const news = `{${[...units.values()].join(',')}}`;
      await sqlRun(
        db,
        sql`INSERT INTO takeoff_items (takeoff_id, takeoff_unit_id, takeoff_option_id, qty, notes)
         SELECT ${newTakeoff!.id}, m.new_id, i.takeoff_option_id, i.qty, i.notes
           FROM takeoff_items i JOIN unnest(${olds}::int[], ${news}::int[]) AS m(old_id, new_id) ON m.old_id = i.takeoff_unit_id
          WHERE i.takeoff_id = ${takeoff.id} ORDER BY i.id`,
      );
    }
    await sqlRun(db, sql`UPDATE estimates SET superseded_at = now(), updated_at = now() WHERE id = ${id}`);
    return get(tx, 'estimates', copyId);
  });
}
