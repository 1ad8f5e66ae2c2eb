/**
 * Whether a scheduled job is ready to install: every product of the job measured,
 * ordered and fabricated as its series requires (its category's steps while the series uses the
 * category settings: catalogue/series-features.ts, the same steps as the shop floor's to-do lists,
 * shop-floor/to-do-lists.ts), and no backordered purchase-order line for the job's materials (its
 * products' materials, an assembly's parts, its bom's materials).
 *
 * The server counts these in SQL for the jobs on the calendar's visible days
 * (server/src/areas/schedule/readiness.ts); `readinessOf` is the same rule over records in memory,
 * what the SQL must agree with.
 */
import { seriesFlags, type Flagged, type FeatureFlags } from '../catalogue/series-features.ts';
import type { PieceState, PieceStep } from '../shop-floor/pieces.ts';
import { TO_DO_FIELDS, TO_DO_LISTS, type ToDoField } from '../shop-floor/to-do-lists.ts';

/** What is still missing before a job can be installed; all zero: ready. */
export interface ReadinessCounts {
  not_measured: number;
  not_ordered: number;
  not_fabricated: number;
  backordered_lines: number;
}

export interface JobReadiness extends ReadinessCounts {
  job_id: number;
}

const MISSING_KEY: Record<ToDoField, keyof ReadinessCounts> = {
  is_measured: 'not_measured',
  is_ordered: 'not_ordered',
  is_fabricated: 'not_fabricated',
};

/** The steps a product still needs: those its flags require and it has not done. */
export function missingSteps(flags: FeatureFlags, product: Partial<Record<ToDoField, boolean | null>>): ToDoField[] {
  return TO_DO_FIELDS.filter((field) => flags[TO_DO_LISTS[field].flag] && !product[field]);
}

export interface ProductForReadiness extends Partial<Record<ToDoField, boolean | null>> {
  series: (Flagged & { use_category_settings?: boolean | null }) | null | undefined;
  category: Flagged | null | undefined;
  /** Its pieces marked apart (shop-floor/pieces.ts); none while every piece is as the product is. */
  pieces?: readonly Pick<PieceState, PieceStep>[];
}

/**
 * A job's counts from its products (with their series and category) and its backordered lines. A
 * product whose pieces are marked apart counts its pieces not yet measured (fabricated); one whose
 * pieces are all as it is counts once.
 */
export function readinessOf(products: readonly ProductForReadiness[], backorderedLines: number): ReadinessCounts {
  const out: ReadinessCounts = { not_measured: 0, not_ordered: 0, not_fabricated: 0, backordered_lines: backorderedLines };
  for (const p of products) {
    const flags = seriesFlags(p.series, p.category);
    for (const step of missingSteps(flags, p)) {
      out[MISSING_KEY[step]] += step !== 'is_ordered' && p.pieces?.length ? p.pieces.filter((x) => !x[step]).length : 1;
    }
  }
  return out;
}

export function isReady(r: ReadinessCounts): boolean {
  return r.not_measured === 0 && r.not_ordered === 0 && r.not_fabricated === 0 && r.backordered_lines === 0;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What is missing, as the calendar says it: "3 not measured, 1 not fabricated, 2 backordered lines"; '' when ready. */
export function readinessSummary(r: ReadinessCounts): string {
  const parts: string[] = [];
  if (r.not_measured) parts.push(`${r.not_measured} not measured`);
  if (r.not_ordered) parts.push(`${r.not_ordered} not ordered`);
  if (r.not_fabricated) parts.push(`${r.not_fabricated} not fabricated`);
  if (r.backordered_lines) parts.push(plural(r.backordered_lines, 'backordered line', 'backordered lines'));
  return parts.join(', ');
}
