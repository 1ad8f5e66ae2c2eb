import { DEFAULT_LABEL_STOCK, LABEL_STOCK_NAMES, type LabelStock } from '@glazier/shared/settings';

/**
 * The label stocks the print page offers (their ids: shared/settings.ts LABEL_STOCKS, the
 * `label_stock` setting). Sizes in inches, as the stock is sold:
 * - 4" × 6" and 2¼" × 1¼" thermal rolls (shipping-label and small-part printers), one label per
 *   page (label printers feed one label as one page);
 * - a 4" × 2" thermal label, one per page;
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
  /** How a label's parts sit and how big they are on this stock (labels.css reads them as custom properties). */
  face: LabelFace;
}

export interface LabelFace {
  /** Text beside the code (row) or above it (column). */
  direction: 'row' | 'column';
  padding: string;
  gap: string;
  /** The code's height (`100%`: the label's). */
  qr: string;
  /** Font size in points, and lines at most. */
  name: [number, number];
  description: [number, number];
  sizes: number;
  small: number;
}

export type LabelLayoutId = LabelStock;

export const LABEL_LAYOUTS: Record<LabelLayoutId, LabelLayout> = {
  'thermal-4x6': {
    id: 'thermal-4x6',
    name: LABEL_STOCK_NAMES['thermal-4x6'],
    page: '4in 6in',
    pageWidth: 4,
    pageHeight: 6,
    columns: 1,
    rows: 1,
    labelWidth: 4,
    labelHeight: 6,
    marginTop: 0,
    marginSide: 0,
    columnGap: 0,
    face: { direction: 'column', padding: '0.25in', gap: '0.15in', qr: '2.4in', name: [24, 3], description: [15, 5], sizes: 16, small: 12 },
  },
  'thermal-2.25x1.25': {
    id: 'thermal-2.25x1.25',
    name: LABEL_STOCK_NAMES['thermal-2.25x1.25'],
    page: '2.25in 1.25in',
    pageWidth: 2.25,
    pageHeight: 1.25,
    columns: 1,
    rows: 1,
    labelWidth: 2.25,
    labelHeight: 1.25,
    marginTop: 0,
    marginSide: 0,
    columnGap: 0,
    face: { direction: 'row', padding: '0.06in 0.08in', gap: '0.05in', qr: '1.05in', name: [8.5, 2], description: [6.5, 3], sizes: 7, small: 6 },
  },
  'thermal-4x2': {
    id: 'thermal-4x2',
    name: LABEL_STOCK_NAMES['thermal-4x2'],
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
    face: { direction: 'row', padding: '0.12in 0.15in', gap: '0.12in', qr: '1.4in', name: [18, 2], description: [11, 3], sizes: 11, small: 10 },
  },
  'letter-30': {
    id: 'letter-30',
    name: LABEL_STOCK_NAMES['letter-30'],
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
    face: { direction: 'row', padding: '0.07in 0.1in', gap: '0.05in', qr: '100%', name: [10, 1], description: [7, 2], sizes: 7, small: 6.5 },
  },
};

export const DEFAULT_LABEL_LAYOUT: LabelLayoutId = DEFAULT_LABEL_STOCK;

export const labelsPerPage = (layout: LabelLayout) => layout.columns * layout.rows;

/** The layout of a stock id (a setting's value, a remembered choice); an unknown one: the default. */
export function labelLayout(id: string | null | undefined): LabelLayout {
  return id && id in LABEL_LAYOUTS ? LABEL_LAYOUTS[id as LabelLayoutId] : LABEL_LAYOUTS[DEFAULT_LABEL_LAYOUT];
}

/** CSS pixels per inch (what `1in` is on screen). */
export const PX_PER_INCH = 96;
