/**
 * The days a job is put on when the Event dialog schedules it over several days: from
 * the date through the last day, both included, weekends left out when asked. Each day becomes an
 * event, saved together in one bulk save.
 */
export const MAX_SCHEDULE_DAYS = 62;

const DAY_MS = 86_400_000;
const parse = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The days from `start` through `through` ('YYYY-MM-DD'), or just `start` without a last day. */
export function scheduleDays(start: string, through: string | null | undefined, weekdaysOnly: boolean): string[] {
  const first = parse(start);
  if (Number.isNaN(first)) return [];
  const last = through ? parse(through) : first;
  if (Number.isNaN(last) || last < first) return [];
  const out: string[] = [];
  for (let t = first; t <= last && out.length <= MAX_SCHEDULE_DAYS; t += DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekdaysOnly && (weekday === 0 || weekday === 6)) continue;
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/** Why a range cannot be scheduled (under the last day's field), or null. */
export function scheduleDaysError(start: string | null | undefined, through: string | null | undefined, weekdaysOnly: boolean): string | null {
  if (!start || !through) return null;
  if (through < start) return 'Must be on or after the date.';
  const days = scheduleDays(start, through, weekdaysOnly);
  if (days.length === 0) return 'There is no weekday in this range.';
  if (days.length > MAX_SCHEDULE_DAYS) return `At most ${MAX_SCHEDULE_DAYS} days at once.`;
  return null;
}
