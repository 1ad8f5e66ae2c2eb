/** One way to format dates: m/d/Y (docs/platform.md, Formats), durations as hh:mm, weeks start on Sunday. */

/** 'YYYY-MM-DD' or ISO timestamp → m/d/Y. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return '';
  if (value.length > 10) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return '';
    return `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
  }
  return `${Number(m[2])}/${Number(m[3])}/${m[1]}`;
}

/** ISO timestamp → m/d/Y h:mm AM/PM in local time (when something happened, e.g. a history entry). */
export function formatDateTime(value: string | null | undefined): string {
  const day = formatDate(value);
  if (!day || !value || value.length <= 10) return day;
  return `${day} ${formatTime(value)}`;
}

/** ISO timestamp → h:mm AM/PM in local time; '' when it is not one. */
export function formatTime(value: string | null | undefined): string {
  const d = value && value.length > 10 ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  const h = d.getHours() % 12 || 12;
  return `${h}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** When something happened lately: "3:42 PM" today, else "11/23/2026 3:42 PM" (a live notice's time). */
export function formatWhen(value: string | null | undefined, now: Date = new Date()): string {
  const d = value ? new Date(value) : null;
  if (!d || Number.isNaN(d.getTime())) return '';
  return d.toDateString() === now.toDateString() ? formatTime(value) : formatDateTime(value);
}

/** Local calendar date as 'YYYY-MM-DD'. */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Hours as hh:mm (optionally :ss). */
export function formatHours(hours: number, withSeconds = false): string {
  const totalSeconds = Math.round(hours * 3600);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return withSeconds ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(h)}:${pad(m)}`;
}

// Calendar arithmetic on 'YYYY-MM-DD' (date-only fields, the URL's ?week=): done in UTC, so the
// answer is the same in every time zone and across daylight-saving changes.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' (not 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const utcMs = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const fromUtcMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The date `days` after (or before, when negative) an ISO date. */
export function addDays(iso: string, days: number): string {
  return fromUtcMs(utcMs(iso) + days * DAY_MS);
}

/** The day of the week of an ISO date: 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(iso: string): number {
  return new Date(utcMs(iso)).getUTCDay();
}

/** The Sunday that starts the week (docs/platform.md, Formats) holding an ISO date, as an ISO date. */
export function weekStartDate(iso: string): string {
  return addDays(iso, -dayOfWeek(iso));
}

/** The seven dates of the week starting `start` (a Sunday), Sunday to Saturday. */
export function weekDates(start: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 'Sun' … 'Sat' for an ISO date. */
export function weekdayShort(iso: string): string {
  return WEEKDAY_NAMES[dayOfWeek(iso)]!.slice(0, 3);
}

/** The compact form (docs/platform.md, Formats): month/day, '11/22'. */
export function formatMonthDay(iso: string): string {
  const m = ISO_DATE.exec(iso.slice(0, 10));
  return m ? `${Number(m[2])}/${Number(m[3])}` : '';
}

/** A week by its Sunday: '11/22 – 11/28/2026' (the year once, at the end, unless the week spans two). */
export function formatWeek(start: string): string {
  const end = addDays(start, 6);
  const from = start.slice(0, 4) === end.slice(0, 4) ? formatMonthDay(start) : formatDate(start);
  return `${from} – ${formatDate(end)}`;
}
