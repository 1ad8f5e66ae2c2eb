/**
 * Labels (docs/domain/shop-floor.md, Labels): what a label says, how often it repeats, and where it lands on a
 * sheet. A screen prepares labels (web `ui/labels.ts`), the print page (`/print`) lays them out.
 *
 * A label has job, name, description and note (the spec's four), plus an optional QR code (a URL,
 * e.g. a material's page) and optional extra lines. What is kept in the browser is read back with
 * `labelListSchema`, so a stale or hand-edited copy never breaks the print page.
 */
import { z } from 'zod';

export const labelSchema = z.object({
  job: z.string(),
  name: z.string(),
  description: z.string(),
  note: z.string(),
  /** Encoded as a QR code on the label (an absolute URL). */
  qr: z.string().min(1).optional(),
  /**
   * A piece's sizes, on a line of their own ("Glass 35 7/16" × 72""; with measure-to-cut
   * "Opening …, glass …"): measure-to-cut.ts `formatSizes` makes it.
   */
  sizes: z.string().optional(),
  /** More lines under the note (e.g. a size), each on its own line. */
  lines: z.array(z.string()).optional(),
});

export type Label = z.infer<typeof labelSchema>;

export const labelListSchema = z.array(labelSchema);

/** The labels in `value` (what was kept), or none when it is not a list of labels. */
export function parseLabels(value: unknown): Label[] {
  const parsed = labelListSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/**
 * One label per line, or one per unit. Per unit repeats a label qty times when the qty is a whole
 * number (4 hinges → 4 labels); a measured qty (12.5 ft of tape) is not a count of pieces, so it
 * gets one label. A qty of 0 or less still gets one label: the line was chosen.
 */
export type LabelRepeat = 'line' | 'unit';

export function labelCopies(qty: number | null | undefined, repeat: LabelRepeat): number {
  if (repeat === 'line' || qty == null || !Number.isInteger(qty) || qty < 1) return 1;
  return qty;
}

/** Each item's label, repeated as `repeat` says, in order. */
export function repeatLabels(items: readonly { label: Label; qty: number | null | undefined }[], repeat: LabelRepeat): Label[] {
  return items.flatMap(({ label, qty }) => Array.from({ length: labelCopies(qty, repeat) }, () => label));
}

/** The number of labels `repeatLabels` makes, without making them. */
export function countLabels(qtys: readonly (number | null | undefined)[], repeat: LabelRepeat): number {
  return qtys.reduce<number>((sum, qty) => sum + labelCopies(qty, repeat), 0);
}

/**
 * The labels placed on sheets of `perPage` positions, starting at position `start` (1-based) of
 * the first sheet, so a partly used sheet can be fed again. Skipped positions are null. A start
 * outside 1..perPage counts as 1. No labels, no sheets.
 */
export function sheetPages<T>(labels: readonly T[], perPage: number, start = 1): (T | null)[][] {
  if (labels.length === 0) return [];
  const size = Math.max(1, Math.floor(perPage));
  const skip = Number.isInteger(start) && start >= 1 && start <= size ? start - 1 : 0;
  const slots: (T | null)[] = [...Array.from({ length: skip }, () => null), ...labels];
  const pages: (T | null)[][] = [];
  for (let i = 0; i < slots.length; i += size) pages.push(slots.slice(i, i + size));
  return pages;
}
