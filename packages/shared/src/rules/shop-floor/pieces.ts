/**
 * Pieces: what the shop makes and marks one at a time. A job product's
 * pieces are what its labels print: each leaf of its cut list (when its series enables cutlist and
 * the list has rows), else each unit of a dimensions product (qty of them, as labels repeat:
 * labels.ts `labelCopies`). A product with neither has no pieces and is marked as a whole.
 *
 * A piece is marked measured or fabricated on its own; the product is measured (fabricated) when
 * every one of its pieces is. Pieces are stored only once one of them differs from its product
 * (lazily, `needStoring`): a product without stored pieces has all its pieces as the product is,
 * so a product fabricated before pieces existed has every piece fabricated. When the product's
 * pieces change (qty, cut list, series), `resyncPieces` keeps each position's marks and adds new
 * ones unmarked; marking the whole product marks every piece, and its Undo unmarks only the pieces
 * that were not marked before (`piecesToUnmark`).
 */
import type { FeatureFlags } from '../catalogue/series-features.ts';
import { cutListLeaves, parseCutList } from './cut-list.ts';
import { labelCopies } from './labels.ts';

/** The steps a piece has on its own (ordering stays the product's). */
export const PIECE_STEPS = ['is_measured', 'is_fabricated'] as const;
export type PieceStep = (typeof PIECE_STEPS)[number];

export const PIECE_STEP_WORDS: Record<PieceStep, { word: string; done: string; flag: 'enable_measured' | 'enable_fabricated' }> = {
  is_measured: { word: 'Measured', done: 'measured', flag: 'enable_measured' },
  is_fabricated: { word: 'Fabricated', done: 'fabricated', flag: 'enable_fabricated' },
};

export function isPieceStep(value: unknown): value is PieceStep {
  return typeof value === 'string' && (PIECE_STEPS as readonly string[]).includes(value);
}

/** What a piece is: its place among the product's pieces (1-based) and, for a cut list leaf, its path. */
export interface PieceSpec {
  position: number;
  description: string;
}

export interface PieceState extends PieceSpec {
  is_measured: boolean;
  is_fabricated: boolean;
}

/** What the rule needs of a job product. */
export interface PiecedProduct {
  qty: number | null;
  cut_list_json: unknown;
  is_measured: boolean;
  is_fabricated: boolean;
}

/** A cut list leaf's description: the texts of its parent rows, then its own. */
export const leafDescription = (parents: readonly string[], text: string) => [...parents, text].join(' › ');

/** The product's pieces, from its cut list or its qty (none when its series has neither). */
export function piecePlan(
  product: Pick<PiecedProduct, 'qty' | 'cut_list_json'>,
  flags: Pick<FeatureFlags, 'enable_cutlist' | 'enable_dimensions'>,
): PieceSpec[] {
  if (flags.enable_cutlist) {
    const parsed = parseCutList(product.cut_list_json);
    const leaves = parsed.ok ? cutListLeaves(parsed.rows) : [];
    if (leaves.length) return leaves.map((leaf, i) => ({ position: i + 1, description: leafDescription(leaf.parents, leaf.text) }));
  }
  if (flags.enable_dimensions) return Array.from({ length: labelCopies(product.qty, 'unit') }, (_, i) => ({ position: i + 1, description: '' }));
  return [];
}

/** Pieces as the product is: each with the product's own marks (a product whose pieces were never marked apart). */
export function asTheProduct(plan: readonly PieceSpec[], product: Pick<PiecedProduct, 'is_measured' | 'is_fabricated'>): PieceState[] {
  return plan.map((p) => ({ ...p, is_measured: product.is_measured, is_fabricated: product.is_fabricated }));
}

/** The product's pieces: the stored ones when there are any, else all as the product is. */
export function piecesOf(product: PiecedProduct, flags: FeatureFlags, stored: readonly PieceState[] | null | undefined): PieceState[] {
  if (stored?.length) return [...stored].sort((a, b) => a.position - b.position);
  return asTheProduct(piecePlan(product, flags), product);
}

/**
 * The pieces after the product's pieces changed to `plan`: a position kept keeps its marks (and
 * takes the plan's description), a new one starts unmarked, one past the plan's end is gone.
 */
export function resyncPieces(current: readonly PieceState[], plan: readonly PieceSpec[]): PieceState[] {
  const byPosition = new Map(current.map((p) => [p.position, p]));
  return plan.map((spec) => {
    const was = byPosition.get(spec.position);
    return { ...spec, is_measured: was?.is_measured ?? false, is_fabricated: was?.is_fabricated ?? false };
  });
}

/** The pieces with a step set on those at `positions`. */
export function markPieces(pieces: readonly PieceState[], positions: readonly number[], step: PieceStep, done: boolean): PieceState[] {
  const chosen = new Set(positions);
  return pieces.map((p) => (chosen.has(p.position) ? { ...p, [step]: done } : p));
}

/** The pieces with a step set on every one (the whole product marked). */
export function markAll(pieces: readonly PieceState[], step: PieceStep, done: boolean): PieceState[] {
  return pieces.map((p) => ({ ...p, [step]: done }));
}

/**
 * The product's marks its pieces decide: measured (fabricated) when every piece is. A product
 * without pieces keeps its own (null: nothing to decide).
 */
export function productMarks(pieces: readonly PieceState[]): Record<PieceStep, boolean> | null {
  if (!pieces.length) return null;
  return { is_measured: pieces.every((p) => p.is_measured), is_fabricated: pieces.every((p) => p.is_fabricated) };
}

/** The pieces to unmark again, by their step and positions. */
export interface PiecesToUnmark {
  step: PieceStep;
  positions: number[];
}

/**
 * What undoes marking the whole product `step` (which marked every piece), from its stored pieces
 * before: when some were marked on their own, the positions that were not, to unmark again (the
 * others keep their own marks). Null when none was, none was stored (every piece was as the
 * product) or the step is not a piece's (ordered): unmarking the whole product puts it back.
 */
export function piecesToUnmark(before: readonly PieceState[] | null | undefined, step: string): PiecesToUnmark | null {
  if (!isPieceStep(step) || !before) return null;
  const positions = before.filter((p) => !p[step]).map((p) => p.position);
  return positions.length > 0 && positions.length < before.length ? { step, positions } : null;
}

/** Whether the pieces must be stored: some piece is marked otherwise than another (then the product alone cannot say it). */
export function needStoring(pieces: readonly PieceState[]): boolean {
  const first = pieces[0];
  return !!first && pieces.some((p) => p.is_measured !== first.is_measured || p.is_fabricated !== first.is_fabricated);
}

/** How far a step is: pieces done of all. */
export function stepProgress(pieces: readonly PieceState[], step: PieceStep): { done: number; total: number } {
  return { done: pieces.filter((p) => p[step]).length, total: pieces.length };
}

/** "1 of 2 fabricated" (the product's screen, the to-do lists). */
export function progressText(pieces: readonly PieceState[], step: PieceStep): string {
  const { done, total } = stepProgress(pieces, step);
  return `${done} of ${total} ${PIECE_STEP_WORDS[step].done}`;
}

/** "1 of 2 fabricated" while a product is partly through the step (some pieces done, some not); '' otherwise. */
export function partProgress(pieces: readonly PieceState[], step: PieceStep): string {
  const { done, total } = stepProgress(pieces, step);
  return done > 0 && done < total ? progressText(pieces, step) : '';
}

/** "Piece 2 of 3" (a label, the piece's screen). */
export const pieceOf = (position: number, total: number) => `Piece ${position} of ${total}`;
