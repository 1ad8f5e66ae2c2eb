import { describe, expect, it } from 'vitest';
import { onHandPoints } from './on-hand-points.ts';

describe('onHandPoints', () => {
  it('turns newest-first history into oldest-first points, one per day at its last balance', () => {
    const rows = [
      { date: '2026-01-06', balance: 10 },
      { date: '2026-01-05', balance: 6 }, // the day's last movement
      { date: '2026-01-05', balance: 7 },
      { date: '2026-01-02', balance: 12 },
    ];
    expect(onHandPoints(rows)).toEqual([
      { date: '2026-01-02', on_hand: 12 },
      { date: '2026-01-05', on_hand: 6 },
      { date: '2026-01-06', on_hand: 10 },
    ]);
    expect(rows[0]!.date).toBe('2026-01-06'); // the input is left as it was
  });

  it('skips rows without a date or balance', () => {
    expect(
      onHandPoints([
        { date: null, balance: 1 },
        { date: '2026-01-01', balance: null },
        { date: '2026-01-01', balance: 3 },
      ]),
    ).toEqual([{ date: '2026-01-01', on_hand: 3 }]);
    expect(onHandPoints([])).toEqual([]);
  });
});
