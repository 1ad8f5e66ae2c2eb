/**
 * The label stocks the print page offers. Sizes in inches, as the stock is sold:
 * - a 4" × 2" thermal label, one per page (label printers feed one label as one page);
 * - a Letter sheet of 30 labels of 2⅝" × 1" in 3 columns × 10 rows (Avery 5160 and its
 *   look-alikes: ½" top margin, 3⁄16" side margins, ⅛" between columns).
 */
export interface LabelLayout {
  id: LabelLayoutId;
  name: string;
  /** The CSS `@page` size. */
  page: string;
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  labelWidth: number;
  labelHeight: number;
  marginTop: number;
  marginSide: number;
  columnGap: number;
}

export type LabelLayoutId = 'thermal-4x2' | 'letter-30';

export const LABEL_LAYOUTS: Record<LabelLayoutId, LabelLayout> = {
  'thermal-4x2': {
    id: 'thermal-4x2',
    name: '4" × 2" thermal, one per page',
    page: '4in 2in',
    pageWidth: 4,
    pageHeight: 2,
    columns: 1,
    rows: 1,
    labelWidth: 4,
    labelHeight: 2,
    marginTop: 0,
    marginSide: 0,
    columnGap: 0,
  },
  'letter-30': {
    id: 'letter-30',
    name: 'Letter sheet, 30 per page (Avery 5160)',
    page: 'letter portrait',
    pageWidth: 8.5,
    pageHeight: 11,
    columns: 3,
    rows: 10,
    labelWidth: 2.625,
    labelHeight: 1,
    marginTop: 0.5,
    marginSide: 0.1875,
    columnGap: 0.125,
  },
};

export const DEFAULT_LABEL_LAYOUT: LabelLayoutId = 'thermal-4x2';

export const labelsPerPage = (layout: LabelLayout) => layout.columns * layout.rows;

export function labelLayout(id: string | null | undefined): LabelLayout {
  return id && id in LABEL_LAYOUTS ? LABEL_LAYOUTS[id as LabelLayoutId] : LABEL_LAYOUTS[DEFAULT_LABEL_LAYOUT];
}

/** CSS pixels per inch (what `1in` is on screen). */
export const PX_PER_INCH = 96;
