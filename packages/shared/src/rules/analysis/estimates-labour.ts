/**
 * Estimates' and labour's figures that the server and the screens use as they are. The
 * days to win, overtime weeks and the calibration of labour estimates are the server's SQL
 * (areas/analysis; its API test checks them against server/test/analysis-oracles.ts).
 */

/** won ÷ (won + lost); null when none was decided (open estimates do not count). */
export const winRate = (won: number, lost: number): number | null => (won + lost === 0 ? null : won / (won + lost));

/** The hours of a week beyond which they are overtime. */
export const OVERTIME_AFTER = 40;
