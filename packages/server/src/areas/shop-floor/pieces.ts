/**
 * Pieces of job products (the rule: shared/rules/shop-floor/pieces.ts).
 *
 * - A piece is marked on its own by `job_products.mark_piece` (POST
 *   /api/job_products/{id}/pieces/{position}/mark), several at once by `job_products.mark_pieces`
 *   (POST /api/job_products/{id}/pieces/mark, {positions}): the product locked, its pieces brought
 *   in step with its qty and cut list, those pieces marked, the product's marks set from its pieces
 *   (fabricated when every piece is), one transaction, one history row on the product.
 * - A product's save keeps its pieces in step (job-product-lists.ts `withShopFloor` calls
 *   `piecesBeforeSave` / `piecesAfterSave`): a new qty or cut list adds unmarked pieces or drops
 *   the last ones, a whole-product mark (a to-do list's tick, the product's page) marks every
 *   piece, and the product's marks follow its pieces. Its Undo (in the web) saves the product back
 *   only while no piece was marked on its own before; otherwise it unmarks by `mark_pieces` just
 *   the pieces the mark marked, so the earlier marks stay.
 * - Rows are stored only while a product's pieces are marked apart (`needStoring`); otherwise the
 *   product's own marks are its pieces', so stored products, copies and imports need no rows.
 * - A series' or a category's save that changes what its products' pieces are (cut list or
 *   dimensions: `piecePlan`) brings their stored pieces in step at once, in its transaction
 *   (`withPiecesOnSeries`, `withPiecesOnCategory`), not at each product's next save.
 * - No generic write makes or moves a piece (403).
 */
import { sql, type SQL } from 'drizzle-orm';
import { seriesFlags, type FeatureFlags } from '@glazier/shared/rules/catalogue/series-features';
import {
  PIECE_STEPS,
  PIECE_STEP_WORDS,
  asTheProduct,
  markAll,
  markPieces,
  needStoring,
  pieceOf,
  piecePlan,
  productMarks,
  resyncPieces,
  type PieceState,
  type PieceStep,
} from '@glazier/shared/rules/shop-floor/pieces';
import type { Row } from '../../db/client.ts';
import { json, sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import { canEdit, type Ctx } from '../../engine/context.ts';
import { forbidden, invalid, notFound } from '../../engine/errors.ts';
import { changed, storedRows } from '../../engine/lookup.ts';
import { changeRecord, recordedWrites, type RecordWriter } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import type { Hooks, SaveArgs, StoredRow } from '../../engine/server-resource.ts';
import type { RecordWithRelations } from '@glazier/shared/resources/records';

/** The steps of a series (its category's while it uses the category settings). */
async function flagsOfSeries(ctx: Ctx, seriesId: unknown): Promise<FeatureFlags> {
  if (typeof seriesId !== 'number') return seriesFlags(null, null);
  const [row] = await sqlSelect(
    ctx.db,
    { series: json<Row>(), category: json<Row>(true) },
    sql`SELECT to_jsonb(s) AS series, to_jsonb(c) AS category FROM series s LEFT JOIN product_categories c ON c.id = s.category_id WHERE s.id = ${seriesId}`,
  );
  return seriesFlags(row?.series ?? null, row?.category ?? null);
}

async function storedPieces(ctx: Ctx, productId: number): Promise<PieceState[]> {
  return sqlSelect(
    ctx.db,
    { position: 'num', description: 'text', is_measured: 'bool', is_fabricated: 'bool' },
    sql`SELECT position, description, is_measured, is_fabricated FROM job_product_pieces WHERE job_product_id = ${productId} AND deleted_at IS NULL ORDER BY position`,
  );
}

const samePieces = (a: readonly PieceState[], b: readonly PieceState[]) =>
  a.length === b.length &&
  a.every(
    (p, i) =>
      p.position === b[i]!.position && p.description === b[i]!.description && p.is_measured === b[i]!.is_measured && p.is_fabricated === b[i]!.is_fabricated,
  );

/** Stores the product's pieces when they are marked apart, and none when the product says it all. */
async function writePieces(ctx: Ctx, productId: number, pieces: readonly PieceState[], stored: readonly PieceState[]): Promise<void> {
  const keep = needStoring(pieces) ? pieces : [];
  if (samePieces(keep, stored)) return;
  await sqlRun(ctx.db, sql`DELETE FROM job_product_pieces WHERE job_product_id = ${productId}`);
  if (!keep.length) return;
  await sqlRun(
    ctx.db,
    sql`INSERT INTO job_product_pieces (job_product_id, position, description, is_measured, is_fabricated)
        SELECT ${productId}, x.position, x.description, x.is_measured, x.is_fabricated
        FROM jsonb_to_recordset(${JSON.stringify(keep)}::jsonb) AS x(position int, description text, is_measured boolean, is_fabricated boolean)`,
  );
}

// What a product's save decided about its pieces, for its afterSave (keyed by the save's body).
const pending = new WeakMap<object, { pieces: PieceState[]; stored: PieceState[] }>();

/**
 * Before a product's update: its pieces after the save (kept marks, new ones unmarked, a whole-
 * product mark on every piece), and the product's marks from them. A new product's pieces are
 * all as the product is: nothing to store.
 */
export async function piecesBeforeSave({ ctx, values, existing, input }: SaveArgs<'job_products'>): Promise<void> {
  if (!existing) return;
  // most saves (a job's products saved with it, a note) touch nothing of the pieces: no queries
  const touched =
    (['qty', 'series_id', ...PIECE_STEPS] as const).some((k) => changed(values, existing, k)) ||
    ('cut_list_json' in values && JSON.stringify(values.cut_list_json) !== JSON.stringify(existing.cut_list_json));
  if (!touched) return;
  const merged = { ...existing, ...values };
  const flagsBefore = await flagsOfSeries(ctx, existing.series_id);
  const flagsAfter = merged.series_id === existing.series_id ? flagsBefore : await flagsOfSeries(ctx, merged.series_id);
  const stored = await storedPieces(ctx, existing.id);
  const current = stored.length ? stored : asTheProduct(piecePlan(existing, flagsBefore), existing);
  let pieces = resyncPieces(current, piecePlan(merged, flagsAfter));
  // the whole product marked (or unmarked): every piece with it
  for (const step of PIECE_STEPS) if (changed(values, existing, step) && typeof values[step] === 'boolean') pieces = markAll(pieces, step, values[step]);
  const marks = productMarks(pieces);
  if (marks) for (const step of PIECE_STEPS) if (marks[step] !== merged[step]) values[step] = marks[step];
  if (stored.length || needStoring(pieces)) pending.set(input, { pieces, stored });
}

export async function piecesAfterSave({ ctx, record, input }: { ctx: Ctx; record: StoredRow<'job_products'>; input: object }): Promise<void> {
  const decided = pending.get(input);
  if (!decided) return;
  pending.delete(input);
  await writePieces(ctx, record.id, decided.pieces, decided.stored);
}

const pieceWords = (pieces: readonly PieceState[], position: number) => {
  const p = pieces.find((x) => x.position === position);
  if (!p) return null;
  const marks = PIECE_STEPS.map((s) => `${p[s] ? '' : 'not '}${PIECE_STEP_WORDS[s].done}`).join(', ');
  return `${pieceOf(position, pieces.length)}${p.description ? ` (${p.description})` : ''}: ${marks}`;
};

/** The history's words for the pieces at `positions` ("Piece 2 of 3: …; Piece 3 of 3: …"). */
const piecesWords = (pieces: readonly PieceState[], positions: readonly number[]) =>
  positions
    .map((position) => pieceWords(pieces, position))
    .filter(Boolean)
    .join('; ');

/**
 * `POST /api/job_products/{id}/pieces/mark` {step, done, positions} (several pieces: what undoes a
 * whole-product mark over pieces marked before), and `POST …/pieces/{position}/mark` {step, done}
 * (one piece: the same with one position): the pieces measured or fabricated (or not), the
 * product's marks from its pieces, one transaction, one history row; answers the product with its
 * pieces. A position past the product's pieces is 404, and nothing is marked.
 */
export async function markJobProductPieces({
  ctx,
  id,
  positions,
  step,
  done,
}: {
  ctx: Ctx;
  id: number;
  positions: readonly number[];
  step: PieceStep;
  done: boolean;
}): Promise<RecordWithRelations<'job_products'>> {
  const action = positions.length === 1 ? 'mark_piece' : 'mark_pieces';
  // locked as the caller may see it: a job in the trash hides it (404)
  return changeRecord(ctx, { resource: 'job_products', id, action }, async (w, before) => {
    const tx = w.ctx;
    const db = tx.db;
    // a template's products are the template's (jobs_admin), as their saves are
    const [job] = await sqlSelect(db, { is_template: 'bool' }, sql`SELECT is_template FROM jobs WHERE id = ${before.job_id}`);
    if (job?.is_template && !canEdit(tx, 'jobs_admin')) throw forbidden();
    const flags = await flagsOfSeries(tx, before.series_id);
    if (!flags[PIECE_STEP_WORDS[step].flag]) throw invalid({ step: [`This product's series has no ${PIECE_STEP_WORDS[step].done} step.`] });
    const plan = piecePlan(before, flags);
    if (positions.some((position) => position > plan.length)) throw notFound('Piece');
    const stored = await storedPieces(tx, id);
    const current = stored.length ? resyncPieces(stored, plan) : asTheProduct(plan, before);
    const pieces = markPieces(current, positions, step, done);
    await writePieces(tx, id, pieces, stored);
    await storeMarks(w, productMarks(pieces)!, {
      action,
      before: { ...before, piece: piecesWords(current, positions) },
      words: { piece: piecesWords(pieces, positions) },
    });
    return get(tx, 'job_products', id);
  });
}

/** The series' flags that decide what a product's pieces are (piecePlan). */
const PLAN_FLAGS = ['enable_cutlist', 'enable_dimensions'] as const;

/**
 * The stored pieces of the products of the series `seriesIn` picks (after a series' or a
 * category's flags changed): each product's pieces in step with its series as it now is (a kept
 * position keeps its marks, a new one starts unmarked) and its marks from them, as its next save
 * would have done, with a history row on each product whose marks changed. Products without
 * stored pieces have all their pieces as the product is: nothing to bring in step.
 */
async function resyncPiecesOfSeries(ctx: Ctx, seriesIn: SQL): Promise<void> {
  const w = recordedWrites(ctx);
  const products = await storedRows(ctx.db, 'job_products', (jp) => ({
    where: sql`${jp.series_id} IN (${seriesIn}) AND ${jp.deleted_at} IS NULL
          AND EXISTS (SELECT 1 FROM job_product_pieces p WHERE p.job_product_id = ${jp.id} AND p.deleted_at IS NULL)`,
    orderBy: [sql`${jp.id}`],
    forUpdate: true,
  }));
  for (const before of products) {
    const stored = await storedPieces(ctx, before.id);
    const pieces = resyncPieces(stored, piecePlan(before, await flagsOfSeries(ctx, before.series_id)));
    await writePieces(ctx, before.id, pieces, stored);
    const marks = productMarks(pieces);
    if (!marks || PIECE_STEPS.every((step) => marks[step] === before[step])) continue;
    await storeMarks(w, marks, { action: 'update', before });
  }
}

/**
 * A product's marks from its pieces, with its history row (and so its live notice): the one place
 * both a piece's mark and a series' change write them. The product's updated_at moves with every
 * mark, so a copy read before it is known stale (409, accessed_at).
 */
async function storeMarks(
  w: RecordWriter,
  marks: NonNullable<ReturnType<typeof productMarks>>,
  history: { action: string; before: StoredRow<'job_products'> & Row; words?: Row },
): Promise<void> {
  const { before, words } = history;
  await w.update(
    'job_products',
    before.id,
    { is_measured: marks.is_measured, is_fabricated: marks.is_fabricated, updated_at: sql`now()` },
    { action: history.action, before, shown: (row) => ({ ...row, ...words }) },
  );
}

/** The series' hooks, with its products' pieces following a change of its flags (or of the category it follows). */
export function withPiecesOnSeries(hooks: Hooks<'series'>): Hooks<'series'> {
  return {
    ...hooks,
    async afterSave(args) {
      await hooks.afterSave?.(args);
      const { ctx, record, existing } = args;
      const moved = (['use_category_settings', 'category_id', ...PLAN_FLAGS] as const).some((k) => existing && existing[k] !== record[k]);
      if (moved) await resyncPiecesOfSeries(ctx, sql`${record.id}`);
    },
  };
}

/** The category's hooks, with the pieces of the products of the series that follow it following a change of its flags. */
export function withPiecesOnCategory(hooks: Hooks<'product_categories'>): Hooks<'product_categories'> {
  return {
    ...hooks,
    async afterSave(args) {
      await hooks.afterSave?.(args);
      const { ctx, record, existing } = args;
      if (PLAN_FLAGS.some((k) => existing && existing[k] !== record[k])) {
        await resyncPiecesOfSeries(ctx, sql`SELECT s.id FROM series s WHERE s.category_id = ${record.id} AND s.use_category_settings`);
      }
    },
  };
}
