/**
 * `GET /api/analysis/estimates`: the estimates dated in a range that were offered (not
 * drafts; the current revision of each), their win rate won ÷ (won + lost), value won and lost (the
 * estimate's total, as its list shows it) and average days to win (shared/rules/analysis/
 * estimates-labour.ts), by month, by type and by client (the 100 most won from), in one statement.
 */
import type { ActionAnswer, ActionParsedInput } from '@glazier/shared/actions/define';
import type { analysisEstimates, WinGroup } from '@glazier/shared/actions/analysis';
import { monthLabel } from '@glazier/shared/rules/analysis/date-ranges';
import { sql } from 'drizzle-orm';
import { oneOf, sqlSelect, type RowOf } from '../../db/typed-sql.ts';
import { tableFor } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { estimateTotalSql } from '../estimating/estimate-total-sql.ts';
import { num, numOrNull } from './analysis-sql.ts';

type Answer = ActionAnswer<typeof analysisEstimates>;

/** A row of the statement: a group's counts and sums (the drivers answer bigint and numeric values in numbers, driver-types.ts). */
const WIN_ROW = {
  kind: oneOf(['total', 'month', 'type', 'client', 'client_count'] as const),
  key: 'text?',
  label: 'text?',
  estimates: 'num',
  open: 'num',
  won: 'num',
  lost: 'num',
  value_won: 'num',
  value_lost: 'num',
  days_to_win: 'num?',
} as const;
type WinRow = RowOf<typeof WIN_ROW>;

const WIN_SUMS = sql.raw(`count(*) AS estimates, count(*) FILTER (WHERE status = 'open') AS open,
  count(*) FILTER (WHERE status = 'won') AS won, count(*) FILTER (WHERE status = 'lost') AS lost,
  coalesce(sum(total) FILTER (WHERE status = 'won'), 0) AS value_won, coalesce(sum(total) FILTER (WHERE status = 'lost'), 0) AS value_lost,
  avg(days_to_win) AS days_to_win`);

/** The clients the by-client table lists at most (most won first). */
export const CLIENTS_LIMIT = 100;

const TYPE_LABELS: Record<string, string> = { commercial: 'Commercial', residential: 'Residential' };

export async function analysisEstimatesReport({ ctx, input }: { ctx: Ctx; input: ActionParsedInput<typeof analysisEstimates> }): Promise<Answer> {
  const e = tableFor('estimates');
  const rows = await sqlSelect(
    ctx.db,
    WIN_ROW,
    sql`WITH est AS MATERIALIZED (
      SELECT ${e.id} AS id, ${e.date} AS date, ${e.status} AS status, ${e.type} AS type, ${e.client_id} AS client_id,
        -- only a decided estimate's total is summed (value won and lost)
        CASE WHEN ${e.status} IN ('won', 'lost') THEN ${estimateTotalSql(e)} END AS total,
        CASE WHEN ${e.status} = 'won' AND ${e.decided_at} IS NOT NULL THEN (${e.decided_at} AT TIME ZONE 'UTC')::date - ${e.date} END AS days_to_win
      FROM ${e}
      WHERE ${e.deleted_at} IS NULL AND ${e.superseded_at} IS NULL AND ${e.status} <> 'draft' AND ${e.date} BETWEEN ${input.start}::date AND ${input.end}::date
    )
    SELECT 'total' AS kind, NULL AS key, NULL AS label, ${WIN_SUMS} FROM est
    UNION ALL SELECT 'month', to_char(date, 'YYYY-MM'), NULL, ${WIN_SUMS} FROM est GROUP BY 2
    UNION ALL SELECT 'type', type, NULL, ${WIN_SUMS} FROM est GROUP BY 2
    UNION ALL (SELECT 'client', est.client_id::text, coalesce(c.name, 'No client'), ${WIN_SUMS} FROM est LEFT JOIN clients c ON c.id = est.client_id
      GROUP BY 2, 3 ORDER BY value_won DESC, estimates DESC, 3 LIMIT ${CLIENTS_LIMIT})
    UNION ALL SELECT 'client_count', NULL, NULL, count(DISTINCT client_id), 0, 0, 0, 0, 0, NULL FROM est`,
  );
  const group = (r: Partial<WinRow>, label: string): WinGroup => {
    const won = num(r.won);
    const lost = num(r.lost);
    return {
      key: r.key == null ? null : String(r.key),
      label,
      estimates: num(r.estimates),
      open: num(r.open),
      won,
      lost,
      win_rate: won + lost === 0 ? null : won / (won + lost),
      value_won: num(r.value_won),
      value_lost: num(r.value_lost),
      days_to_win: numOrNull(r.days_to_win),
    };
  };
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  const total = of('total')[0] ?? {};
  return {
    data: {
      totals: (({ key: _k, label: _l, ...t }) => t)(group(total, '')),
      months: of('month')
        .map((r) => group(r, monthLabel(String(r.key))))
        .sort((a, b) => String(a.key).localeCompare(String(b.key))),
      types: of('type')
        .map((r) => group(r, TYPE_LABELS[String(r.key)] ?? String(r.key)))
        .sort((a, b) => a.label.localeCompare(b.label)),
      // the clients most won from first
      client_count: num(of('client_count')[0]?.estimates),
      clients: of('client')
        .map((r) => group(r, String(r.label)))
        .sort((a, b) => b.value_won - a.value_won || b.estimates - a.estimates || a.label.localeCompare(b.label)),
    },
  };
}
