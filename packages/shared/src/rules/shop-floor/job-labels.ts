/**
 * Labels of job products (docs/domain/shop-floor.md, Labels): which job products can be printed, which
 * are chosen by default, and the labels each one makes.
 *
 * - A product prints from its cut list when its series enables cutlist and the list has rows: one
 *   label per leaf row, its description the texts of the rows above it and its own.
 * - Otherwise from its dimensions when its series enables dimensions and it has a glass width: one
 *   label per piece, repeated qty times (labels.ts `labelCopies`), with the opening and glass
 *   sizes (measure-to-cut.ts `formatSizes`).
 * - Anything else cannot be chosen ("No Cutlist Info").
 * - Unmeasured (where the series has the measured step) and fabricated products are left out
 *   unless asked for: both off by default (docs/domain/shop-floor.md, Labels). So are the pieces
 *   already fabricated of a product whose pieces are marked apart: a product half made
 *   prints the labels of the pieces still to make, unless fabricated ones are asked for or the whole
 *   product is (chosen on purpose, it prints all).
 * Every label carries its job (number, else name), the product's name and note, and a QR code of
 * the piece's page when the caller gives its URL (one piece per label: pieces.ts).
 */
import type { FeatureFlags } from '../catalogue/series-features.ts';
import { cutListLeaves, parseCutList, type CutListRow } from './cut-list.ts';
import { labelCopies, type Label } from './labels.ts';
import { formatSizes } from './measure-to-cut.ts';
import { leafDescription, pieceOf, piecePlan } from './pieces.ts';

/** What a label needs of a job product. */
export interface LabelledProduct {
  id: number;
  name: string | null;
  note: string | null;
  qty: number | null;
  cut_list_json: unknown;
  glass_width: number | null;
  glass_height: number | null;
  // measure-to-cut: the site opening, shown beside the glass on the label
  opening_width?: number | null;
  opening_height?: number | null;
  is_measured: boolean;
  is_fabricated: boolean;
  /** Its pieces marked apart (the `pieces` relation, `with_pieces=true`), when the caller read them. */
  pieces?: readonly { position: number; is_fabricated: boolean }[] | null;
}

export interface LabelledJob {
  number: string | null;
  name: string | null;
}

export type PrintSource = 'cutlist' | 'dimensions';

/** The product's cut list rows (none when the stored value is not a tree). */
export function cutListRows(product: Pick<LabelledProduct, 'cut_list_json'>): CutListRow[] {
  const parsed = parseCutList(product.cut_list_json);
  return parsed.ok ? parsed.rows : [];
}

/** What the product's labels come from, or null when it has nothing to print (docs/domain/shop-floor.md, Labels). */
export function printSource(product: LabelledProduct, flags: FeatureFlags): PrintSource | null {
  if (flags.enable_cutlist && cutListRows(product).length > 0) return 'cutlist';
  if (flags.enable_dimensions && product.glass_width != null) return 'dimensions';
  return null;
}

/** Whether a series' products can be printed at all (docs/domain/shop-floor.md, Labels). */
export const seriesPrints = (flags: FeatureFlags) => flags.enable_cutlist || flags.enable_dimensions;

/** What is let in beyond the default (both off by default: docs/domain/shop-floor.md, Labels). */
export interface PrintInclusion {
  unmeasured: boolean;
  fabricated: boolean;
}

export const DEFAULT_INCLUSION: PrintInclusion = { unmeasured: false, fabricated: false };

/** Whether a printable product is chosen, given what is let in. */
export function includedForPrint(product: LabelledProduct, flags: FeatureFlags, include: PrintInclusion = DEFAULT_INCLUSION): boolean {
  if (printSource(product, flags) == null) return false;
  if (flags.enable_measured && !product.is_measured && !include.unmeasured) return false;
  if (product.is_fabricated && !include.fabricated) return false;
  return true;
}

/** A job as labels and dialogs head it: its number, or its name when it has none (docs/platform.md, Dialogs). */
export const jobHeading = (job: LabelledJob | null | undefined) => job?.number || job?.name || '';

export { leafDescription };

/** The positions of a product's pieces left out of its labels (see the head of this file). */
function fabricatedPositions(product: LabelledProduct, include: PrintInclusion): ReadonlySet<number> {
  if (include.fabricated || product.is_fabricated || !product.pieces?.length) return NO_POSITIONS;
  return new Set(product.pieces.filter((p) => p.is_fabricated).map((p) => p.position));
}
const NO_POSITIONS: ReadonlySet<number> = new Set();

/**
 * The labels one job product makes (none when it has nothing to print): one per piece
 * (pieces.ts) but the fabricated ones left out, each with its QR code when the caller gives the
 * piece's URL by its position, and "Piece 2 of 3" when there are several.
 */
export function productLabels(
  product: LabelledProduct,
  job: LabelledJob | null,
  flags: FeatureFlags,
  qr?: (position: number) => string,
  include: PrintInclusion = DEFAULT_INCLUSION,
): Label[] {
  const source = printSource(product, flags);
  if (source == null) return [];
  const base = { job: jobHeading(job), name: product.name ?? '', note: product.note ?? '' };
  const pieces = piecePlan(product, { enable_cutlist: source === 'cutlist', enable_dimensions: source === 'dimensions' });
  const sizes = source === 'dimensions' ? formatSizes(product) : undefined;
  const skipped = fabricatedPositions(product, include);
  return pieces
    .filter((piece) => !skipped.has(piece.position))
    .map((piece) => ({
      ...base,
      description: piece.description,
      ...(sizes !== undefined ? { sizes } : {}),
      ...(qr ? { qr: qr(piece.position) } : {}),
      ...(pieces.length > 1 ? { lines: [pieceOf(piece.position, pieces.length)] } : {}),
    }));
}

/** The number of labels `productLabels` makes, without making them. */
export function countProductLabels(product: LabelledProduct, flags: FeatureFlags, include: PrintInclusion = DEFAULT_INCLUSION): number {
  const source = printSource(product, flags);
  const pieces = source === 'cutlist' ? cutListLeaves(cutListRows(product)).length : source === 'dimensions' ? labelCopies(product.qty, 'unit') : 0;
  let skipped = 0;
  for (const position of fabricatedPositions(product, include)) if (position <= pieces) skipped++;
  return pieces - skipped;
}
