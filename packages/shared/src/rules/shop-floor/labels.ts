/**
 * Labels (docs/domain/shop-floor.md, Labels): what a label says, how often it repeats, and where it lands on a
 * sheet. A screen prepares labels (web `ui/labels.ts`), the print page (`/print`) lays them out.
 *
 * A label has job, name, description and note (the spec's four), plus an optional QR code (a URL,
 * e.g. a material's page) and optional extra lines. What is kept in the browser is read back with
 * `parseLabels`, so a stale or hand-edited copy never breaks the print page.
 */
export interface Label {
  job: string;
  name: string;
  description: string;
  note: string;
  /** Encoded as a QR code on the label (an absolute URL). */
  qr?: string;
  /**
   * A piece's sizes, on a line of their own ("Glass 35 7/16" × 72""; with measure-to-cut
   * "Opening …, glass …"): measure-to-cut.ts `formatSizes` makes it.
   */
  sizes?: string;
  /** More lines under the note (e.g. a size), each on its own line. */
  lines?: string[];
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isOptionalText = (v: unknown) => v === undefined || isText(v);

/** One kept label, with only a label's keys, or null when it is not one. */
function parseLabel(v: unknown): Label | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const r = v as Record<string, unknown>;
  if (!isText(r.job) || !isText(r.name) || !isText(r.description) || !isText(r.note)) return null;
  if (!(r.qr === undefined || (isText(r.qr) && r.qr.length > 0)) || !isOptionalText(r.sizes)) return null;
  if (!(r.lines === undefined || (Array.isArray(r.lines) && r.lines.every(isText)))) return null;
  const label: Label = { job: r.job, name: r.name, description: r.description, note: r.note };
  if (r.qr !== undefined) label.qr = r.qr;
  if (r.sizes !== undefined) label.sizes = r.sizes;
  if (r.lines !== undefined) label.lines = [...(r.lines as string[])];
  return label;
}

/**
 * The labels in `value` (what was kept), or none when it is not a list of labels. Checked by hand,
 * not with a zod schema: the screens that print labels read it on their first render.
 */
export function parseLabels(value: unknown): Label[] {
  if (!Array.isArray(value)) return [];
  const labels = value.map(parseLabel);
  return labels.every((l) => l !== null) ? labels : [];
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
