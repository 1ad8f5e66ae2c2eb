/**
 * The job numbering rule: a job is numbered YY-NNNN, the year's two digits and the
 * next of that year's sequence (the demo's numbers, and what a won estimate's conversion proposes
 * when the estimate names none). Numbers of another form are the shop's own and are skipped.
 */

/** "26-" for 2026. */
export const jobNumberPrefix = (year: number): string => `${String(year % 100).padStart(2, '0')}-`;

/** The number after the highest of `year`'s among `taken` ("26-0001" when there is none). */
export function nextJobNumber(taken: Iterable<string | null | undefined>, year: number): string {
  const prefix = jobNumberPrefix(year);
  let highest = 0;
  for (const number of taken) {
    const seq = number?.startsWith(prefix) ? number.slice(prefix.length) : '';
    if (/^\d{1,9}$/.test(seq)) highest = Math.max(highest, Number(seq));
  }
  return `${prefix}${String(highest + 1).padStart(4, '0')}`;
}
