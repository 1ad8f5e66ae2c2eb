/**
 * Measure-to-cut: a series can carry glass deductions (width and height, inches);
 * the glass of a job product is the site opening less them, rounded down to the sixteenth (glass
 * cut a hair small fits; a hair big does not). Lengths are decimal inches (docs/platform.md, Formats).
 * The Job Product dialog fills the glass size with it as the opening is typed, and the server
 * applies it to a save that gives an opening without a glass size (areas/shop-floor).
 */
import { formatLength } from '../length.ts';

export interface Deductions {
  glass_width_deduction?: number | null;
  glass_height_deduction?: number | null;
}

export interface Sizes {
  opening_width?: number | null;
  opening_height?: number | null;
  glass_width?: number | null;
  glass_height?: number | null;
}

export const OPENING_TOO_SMALL = "The opening is not larger than the series' glass deduction.";

/**
 * One side: opening − deduction, rounded down to 1/16"; null without an opening, or when nothing
 * would be left (the caller says why: `OPENING_TOO_SMALL`).
 */
export function glassFromOpening(opening: number | null | undefined, deduction: number | null | undefined): number | null {
  if (opening == null || !Number.isFinite(opening)) return null;
  // in sixteenths, with a tolerance for binary fractions (36.4375 − 0.1875 is 36.25 exactly, not 36.2499…)
  const sixteenths = Math.floor((opening - (deduction ?? 0)) * 16 + 1e-6);
  return sixteenths > 0 ? sixteenths / 16 : null;
}

/** Both sides of the glass for an opening (a side without an opening is null). */
export function glassSize(
  opening: Pick<Sizes, 'opening_width' | 'opening_height'>,
  series: Deductions | null | undefined,
): { glass_width: number | null; glass_height: number | null } {
  return {
    glass_width: glassFromOpening(opening.opening_width, series?.glass_width_deduction),
    glass_height: glassFromOpening(opening.opening_height, series?.glass_height_deduction),
  };
}

/** `36 7/16" × 72"`, a dash for a side not known; '' when neither is. */
export function formatSize(width: number | null | undefined, height: number | null | undefined): string {
  if (width == null && height == null) return '';
  return `${formatLength(width) || '—'} × ${formatLength(height) || '—'}`;
}

/**
 * Both sizes of a piece, as the job's products and its label show them:
 * `Opening 36 7/16" × 72", glass 36 1/4" × 71 3/4"`; either part alone when only it is known.
 */
export function formatSizes(p: Sizes): string {
  const opening = formatSize(p.opening_width, p.opening_height);
  const glass = formatSize(p.glass_width, p.glass_height);
  const text = [opening && `opening ${opening}`, glass && `glass ${glass}`].filter(Boolean).join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A piece of glass as an order line names it (glass ordered from the To Order list):
 * `Cut 36 1/4" × 71 3/4", 3/8" thick`; '' for a stock line (no cut size).
 */
export function formatCutPiece(p: { glass_width: number | null; glass_height: number | null; glass_thickness: number | null }): string {
  const size = formatSize(p.glass_width, p.glass_height);
  if (!size) return '';
  return `Cut ${size}${p.glass_thickness != null ? `, ${formatLength(p.glass_thickness)} thick` : ''}`;
}
