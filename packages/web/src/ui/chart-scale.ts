/**
 * A chart axis from 0 whose every tick is a round step (1, 2, 2.5 or 5 × a power of ten): a
 * domain computed as "the largest value + 10 %" left the top tick at "285 h" above 75-hour steps.
 *
 *   const ticks = niceTicks(Math.max(highest, capacity) * 1.1);   // [0, 100, 200, 300]
 *   <BarChart yAxisProps={{ domain: [0, ticks.at(-1)], ticks }} … />
 */
const STEPS = [1, 2, 2.5, 5, 10];

/** Ticks from 0 to the first round step at or above `max`, about `count` of them (at least two). */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = STEPS.map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const last = Math.ceil(max / step - 1e-9);
  // Rounded so 0.1 steps do not print as 0.30000000000000004.
  return Array.from({ length: last + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}
