import { describe, expect, it } from 'vitest';
import { agingBucket, agingReport, bucketStarts, daysBetween } from './aging.ts';

describe('aging', () => {
  it('puts a balance in its bucket by days past due, at each edge', () => {
    const asOf = '2026-12-07';
    expect(agingBucket('2026-12-31', asOf)).toBe('current');
    expect(agingBucket('2026-12-07', asOf)).toBe('current'); // due today: not yet late
    expect(agingBucket('2026-12-06', asOf)).toBe('d1_30');
    expect(agingBucket('2026-11-07', asOf)).toBe('d1_30'); // 30 days
    expect(agingBucket('2026-11-06', asOf)).toBe('d31_60');
    expect(agingBucket('2026-10-08', asOf)).toBe('d31_60'); // 60
    expect(agingBucket('2026-10-07', asOf)).toBe('d61_90');
    expect(agingBucket('2026-09-08', asOf)).toBe('d61_90'); // 90
    expect(agingBucket('2026-09-07', asOf)).toBe('over_90');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30); // across the daylight-saving change
  });

  it('sums per client with totals, leaving out what is not owed', () => {
    const r = agingReport(
      [
        { client_id: 2, client_name: 'Zenith Homes', due_date: '2026-12-20', balance: 10000 },
        { client_id: 1, client_name: 'Acme Glass', due_date: '2026-11-30', balance: 2550 },
        { client_id: 1, client_name: 'Acme Glass', due_date: '2026-08-01', balance: 99999 },
        { client_id: 1, client_name: 'Acme Glass', due_date: '2026-11-01', balance: 0 },
        { client_id: 2, client_name: 'Zenith Homes', due_date: '2026-10-01', balance: 5000 },
      ],
      '2026-12-07',
    );
    expect(r.rows).toEqual([
      { client_id: 1, client_name: 'Acme Glass', current: 0, d1_30: 2550, d31_60: 0, d61_90: 0, over_90: 99999, total: 102549 },
      { client_id: 2, client_name: 'Zenith Homes', current: 10000, d1_30: 0, d31_60: 0, d61_90: 5000, over_90: 0, total: 15000 },
    ]);
    expect(r.totals).toEqual({ current: 10000, d1_30: 2550, d31_60: 0, d61_90: 5000, over_90: 99999, total: 117549 });
  });

  it('gives the latest due date of a bucket for a filter', () => {
    expect(bucketStarts('d31_60', '2026-12-07')).toBe('2026-11-06');
    expect(agingBucket(bucketStarts('d31_60', '2026-12-07'), '2026-12-07')).toBe('d31_60');
  });
});
