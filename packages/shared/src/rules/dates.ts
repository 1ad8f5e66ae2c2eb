/** One way to format dates: m/d/Y (domain.md 9), durations as hh:mm, weeks start on Sunday. */

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
  const d = new Date(value);
  const h = d.getHours() % 12 || 12;
  return `${day} ${h}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
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

/** The Sunday that starts the week holding `date`. */
export function weekStart(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  d.setDate(d.getDate() - d.getDay());
  return d;
}
