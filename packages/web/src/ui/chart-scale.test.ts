import { describe, expect, it } from 'vitest';
import { niceTicks } from './chart-scale.ts';

const steps = (ticks: number[]) => new Set(ticks.slice(1).map((t, i) => Number((t - ticks[i]!).toPrecision(12))));

describe('chart ticks', () => {
  it('steps evenly all the way to a top at or above the largest value', () => {
    // the forecast: 259 h of load (capacity 240 h) + 10 % was a top tick of 285 over steps of 75
    expect(niceTicks(285)).toEqual([0, 100, 200, 300]);
    expect(niceTicks(264)).toEqual([0, 100, 200, 300]);
    expect(niceTicks(44)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(8.8)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0.33)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(niceTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
  });

  it('keeps one step between every two ticks, with the largest value inside, for any value', () => {
    for (let max = 0.7; max < 50_000; max *= 1.37) {
      const ticks = niceTicks(max);
      expect(steps(ticks).size, `${max}: ${ticks.join(', ')}`).toBe(1);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('gives an empty chart an axis of 0 to 1', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
});
