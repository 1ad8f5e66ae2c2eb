/**
 * The on-hand chart's points from stock history rows as the server pages them (newest first):
 * oldest first, one point per date, the balance after that day's last transaction.
 */
export interface BalanceRow {
  date: string | null;
  balance?: number | null;
}

export function onHandPoints(newestFirst: readonly BalanceRow[]): { date: string; on_hand: number }[] {
  const points: { date: string; on_hand: number }[] = [];
  for (const row of [...newestFirst].reverse()) {
    if (!row.date || row.balance == null) continue;
    const last = points.at(-1);
    if (last?.date === row.date) last.on_hand = row.balance;
    else points.push({ date: row.date, on_hand: row.balance });
  }
  return points;
}
