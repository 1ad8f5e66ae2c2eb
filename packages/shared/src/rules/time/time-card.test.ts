import { describe, expect, it } from 'vitest';
import { OVERTIME_WEEK_HOURS, jobLabel, overtimeHours, timeCard, type TimeCardEntry } from './time-card.ts';

const entry = (
  id: number,
  job_id: number | null,
  date: string,
  hours: number,
  oregon = false,
  job_number: string | null = job_id ? `J${job_id}` : null,
): TimeCardEntry => ({
  id,
  job_id,
  date,
  hours,
  oregon,
  job_number,
  job_name: job_id ? `Job ${job_id}` : null,
  client_name: 'Acme',
});

describe('time card', () => {
  it('lays a week out as jobs × days with the totals per day, per job and for the week', () => {
    const card = timeCard('2026-11-22', [
      entry(1, 10, '2026-11-23', 8, true),
      entry(2, 10, '2026-11-24', 7.5),
      entry(3, 2, '2026-11-24', 0.5, true),
      entry(4, 2, '2026-11-24', 1.25),
      entry(5, 10, '2026-11-21', 9), // the Saturday before: another week
      entry(6, 10, '2026-11-29', 9), // the Sunday after
    ]);
    expect(card.days).toHaveLength(7);
    expect(card.days[0]).toBe('2026-11-22');
    // ordered by job number, numerically (J2 before J10)
    expect(card.rows.map((r) => r.job_id)).toEqual([2, 10]);
    const [j2, j10] = card.rows;
    expect(j2!.cells[2]!.entries.map((e) => e.id)).toEqual([3, 4]);
    expect(j2!.cells[2]!.hours).toBe(1.75);
    expect(j2!.cells[2]!.oregonHours).toBe(0.5);
    expect(j2!.total).toBe(1.75);
    expect(j10!.cells.map((c) => c.hours)).toEqual([0, 8, 7.5, 0, 0, 0, 0]);
    expect(j10!.total).toBe(15.5);
    expect(card.dayTotals).toEqual([0, 8, 9.25, 0, 0, 0, 0]);
    expect(card.total).toBe(17.25);
    expect(card.oregonHours).toBe(8.5);
    expect(card.overtime).toBe(0);
  });

  it('adds up tenths without binary leftovers, and counts what passes 40 h as overtime', () => {
    const tenths = Array.from({ length: 30 }, (_, i) => entry(i + 1, 1, '2026-11-23', 0.1));
    expect(timeCard('2026-11-22', tenths).total).toBe(3);
    const week = [1, 2, 3, 4, 5].map((d) => entry(d, 1, `2026-11-2${2 + d}`, 9)).concat(entry(9, 1, '2026-11-28', 0.5));
    const card = timeCard('2026-11-22', week);
    expect(card.total).toBe(45.5);
    expect(card.overtime).toBe(5.5);
    expect(overtimeHours(OVERTIME_WEEK_HOURS)).toBe(0);
  });

  it('keeps a job added before any time is entered on it, once', () => {
    const card = timeCard(
      '2026-11-22',
      [entry(1, 5, '2026-11-23', 2)],
      [
        { job_id: 7, job_number: 'J7', job_name: 'Job 7', client_name: null },
        { job_id: 5, job_number: 'J5', job_name: 'Job 5', client_name: null },
      ],
    );
    expect(card.rows.map((r) => [r.job_id, r.total])).toEqual([
      [5, 2],
      [7, 0],
    ]);
  });

  it('an empty week has no rows and zero totals', () => {
    const card = timeCard('2026-11-22', []);
    expect(card.rows).toEqual([]);
    expect(card.total).toBe(0);
    expect(card.dayTotals).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('names a row by its job number and name', () => {
    expect(jobLabel({ job_id: 3, job_number: '1042', job_name: 'Hillside' })).toBe('1042 · Hillside');
    expect(jobLabel({ job_id: 3, job_number: null, job_name: null })).toBe('Job 3');
    expect(jobLabel({ job_id: null, job_number: null, job_name: null })).toBe('No job');
  });
});
