/** The analysis's date ranges: presets from today, as 'YYYY-MM-DD' first and last days. */

export const RANGE_PRESETS = ['this_month', 'last_month', 'this_quarter', 'this_year', 'last_12_months'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  this_year: 'This year',
  last_12_months: 'Last 12 months',
};

export interface DateRange {
  start: string;
  end: string;
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** A preset's days, from today ('YYYY-MM-DD'); the last 12 months are the 12 whole months to this one's end. */
export function presetRange(preset: RangePreset, today: string): DateRange {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  switch (preset) {
    case 'this_month':
      return { start: iso(y, m, 1), end: iso(y, m + 1, 0) };
    case 'last_month':
      return { start: iso(y, m - 1, 1), end: iso(y, m, 0) };
    case 'this_quarter': {
      const q = m - (m % 3);
      return { start: iso(y, q, 1), end: iso(y, q + 3, 0) };
    }
    case 'this_year':
      return { start: iso(y, 0, 1), end: iso(y, 11, 31) };
    case 'last_12_months':
      return { start: iso(y, m - 11, 1), end: iso(y, m + 1, 0) };
  }
}

/** The preset a range is, if any (the screen marks it chosen). */
export function presetOf(range: DateRange, today: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.start === range.start && r.end === range.end;
    }) ?? null
  );
}

/** 'YYYY-MM' → "Jan 2026". */
export function monthLabel(month: string): string {
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(month.slice(5, 7)) - 1] ?? '?'} ${month.slice(0, 4)}`;
}
