/**
 * `GET /api/analysis/jobs`: job profitability of the jobs ending in a range, computed
 * in SQL by the formulas of shared/rules/analysis/job-profit.ts (a test checks both on one
 * hand-computed set): each job's figures once (a materialised step), then the totals, the chosen
 * grouping, the months and the scopes in one statement, and a page of jobs in a second.
 */
import type { ActionAnswer, ActionParsedInput } from '@glazier/shared/actions/define';
import type { analysisJobs, JobGroup, JobGrouping, JobProfitRow } from '@glazier/shared/actions/analysis';
import { monthLabel } from '@glazier/shared/rules/analysis/date-ranges';
import { sql, type SQL } from 'drizzle-orm';
import { oneOf, json, sqlSelect, type RowOf } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { burdenRateSql, jobRevenueSql, num, numOrNull } from './analysis-sql.ts';

type JobsQuery = ActionParsedInput<typeof analysisJobs>;
type JobsAnswer = ActionAnswer<typeof analysisJobs>;

/**
 * Each job ending in [start, end]: its money, products' sums and hours (all its time entries), the
 * rate its hours cost, and from them revenue, labour cost, cost and profit (job-profit.ts).
 */
function perJobSql(start: string, end: string): SQL {
  return sql`per AS MATERIALIZED (
      SELECT x.*,
        round(x.hours * x.burden_rate, 2) AS labour_cost,
        x.product_cost + round(x.hours * x.burden_rate, 2) + x.additional_costs AS cost
      FROM (
        SELECT j.id, j.number, j.name, j.client_id, j.foreman_id, j.end_date, j.scope_array, j.invoice_amount,
          ${jobRevenueSql('j', sql`p.revenue`)} AS revenue,
          coalesce(p.revenue, 0) AS product_revenue, coalesce(p.cost, 0) AS product_cost,
          coalesce(j.additional_revenues, 0) AS additional_revenues, coalesce(j.trip_charge, 0) AS trip_charge,
          coalesce(j.additional_costs, 0) AS additional_costs,
          coalesce(j.burden_rate, ${burdenRateSql()}, 0) AS burden_rate,
          coalesce(h.hours, 0) AS hours
        FROM jobs j
        LEFT JOIN LATERAL (SELECT sum(jp.revenue) AS revenue, sum(jp.cost) AS cost FROM job_products jp WHERE jp.job_id = j.id AND jp.deleted_at IS NULL) p ON true
        LEFT JOIN LATERAL (SELECT sum(te.hours) AS hours FROM time_entries te WHERE te.job_id = j.id AND te.deleted_at IS NULL) h ON true
        WHERE NOT j.is_template AND j.deleted_at IS NULL AND j.end_date BETWEEN ${start}::date AND ${end}::date
      ) x
    )`;
}

/** The sums of a set of `per` rows (profit and margin follow from them). */
const SUMS = sql.raw(`count(*) AS job_count, coalesce(sum(revenue), 0) AS revenue, coalesce(sum(product_cost), 0) AS product_cost,
  coalesce(sum(hours), 0) AS hours, coalesce(sum(labour_cost), 0) AS labour_cost, coalesce(sum(additional_costs), 0) AS additional_costs,
  coalesce(sum(cost), 0) AS cost`);

/** A grouping's key and label over `per` (joined as `c` clients, `ct` client types, `u` users), and its FROM. */
function grouping(by: JobGrouping): { key: SQL; label: SQL; from: SQL } {
  const joined = sql`per LEFT JOIN clients c ON c.id = per.client_id`;
  switch (by) {
    case 'client':
      return { key: sql`per.client_id::text`, label: sql`coalesce(c.name, 'No client')`, from: joined };
    case 'client_type':
      return {
        key: sql`c.client_type_id::text`,
        label: sql`coalesce(ct.name, 'No client type')`,
        from: sql`${joined} LEFT JOIN client_types ct ON ct.id = c.client_type_id`,
      };
    case 'foreman':
      return { key: sql`per.foreman_id::text`, label: sql`coalesce(u.name, 'No foreman')`, from: sql`per LEFT JOIN users u ON u.id = per.foreman_id` };
    case 'month':
      return { key: sql`to_char(per.end_date, 'YYYY-MM')`, label: sql`to_char(per.end_date, 'YYYY-MM')`, from: sql`per` };
    case 'scope':
      // a job of several scopes counts in each
      return {
        key: sql`s.scope`,
        label: sql`coalesce(s.scope, 'No scope')`,
        from: sql`per LEFT JOIN LATERAL jsonb_array_elements_text(per.scope_array) s(scope) ON true`,
      };
  }
}

/** The jobs of one group (its key; 'none': the jobs without one). */
function inGroup(by: JobGrouping, group: string): SQL {
  const none = group === 'none';
  switch (by) {
    case 'client':
      return none ? sql`per.client_id IS NULL` : sql`per.client_id::text = ${group}`;
    case 'client_type':
      return none
        ? sql`(SELECT c.client_type_id FROM clients c WHERE c.id = per.client_id) IS NULL`
        : sql`(SELECT c.client_type_id FROM clients c WHERE c.id = per.client_id)::text = ${group}`;
    case 'foreman':
      return none ? sql`per.foreman_id IS NULL` : sql`per.foreman_id::text = ${group}`;
    case 'month':
      return sql`to_char(per.end_date, 'YYYY-MM') = ${group}`;
    case 'scope':
      return none ? sql`jsonb_array_length(per.scope_array) = 0` : sql`per.scope_array ? ${group}`;
  }
}

const SORT_SQL: Record<JobsQuery['sort'], string> = {
  end_date: 'per.end_date',
  number: 'per.number',
  client_name: 'c.name',
  revenue: 'per.revenue',
  cost: 'per.cost',
  profit: '(per.revenue - per.cost)',
  margin: 'CASE WHEN per.revenue = 0 THEN NULL ELSE (per.revenue - per.cost) / per.revenue END',
  hours: 'per.hours',
};

/** A row of the report's statement: a group's sums, or (kind 'job') one job of the page as JSON. */
/** A job of the page as the statement builds it (jsonb_build_object). */
type JobJson = Omit<JobProfitRow, 'profit' | 'margin'>;
const REPORT_ROW = {
  kind: oneOf(['total', 'group', 'month', 'scope', 'job', 'job_count'] as const),
  key: 'text?',
  label: 'text?',
  job_count: 'num',
  revenue: 'num?',
  product_cost: 'num?',
  hours: 'num?',
  labour_cost: 'num?',
  additional_costs: 'num?',
  cost: 'num?',
  job: json<JobJson>(true),
} as const;
type ReportRow = RowOf<typeof REPORT_ROW>;

function moneyTotals(r: Partial<ReportRow>) {
  const revenue = num(r.revenue);
  const cost = num(r.cost);
  const profit = Math.round((revenue - cost) * 100) / 100;
  return {
    job_count: num(r.job_count),
    revenue,
    product_cost: num(r.product_cost),
    hours: num(r.hours),
    labour_cost: num(r.labour_cost),
    additional_costs: num(r.additional_costs),
    cost,
    profit,
    margin: revenue === 0 ? null : profit / revenue,
  };
}

export async function analysisJobsReport({ ctx, input }: { ctx: Ctx; input: JobsQuery }): Promise<JobsAnswer> {
  const { start, end, group_by, group, sort, direction, page, per_page } = input;
  const g = grouping(group_by);
  return ctx.db.largeRead(async (db) => {
    const where = group === undefined ? sql`true` : inGroup(group_by, group);
    const order = sql.raw(`${SORT_SQL[sort]} ${direction === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, per.id ${direction === 'asc' ? 'ASC' : 'DESC'}`);
    // One statement, so each job's figures are computed once: the aggregates' rows, then the page's
    // jobs (kind 'job', the job as JSON) and their count.
    const answer = await sqlSelect(
      db,
      REPORT_ROW,
      sql`WITH ${perJobSql(start, end)}
      SELECT 'total' AS kind, NULL AS key, NULL AS label, ${SUMS}, NULL::jsonb AS job FROM per
      UNION ALL SELECT 'group', g.key, g.label, ${SUMS}, NULL FROM (SELECT per.*, ${g.key} AS key, ${g.label} AS label FROM ${g.from}) g GROUP BY g.key, g.label
      UNION ALL SELECT 'month', to_char(end_date, 'YYYY-MM'), NULL, ${SUMS}, NULL FROM per GROUP BY 2
      UNION ALL SELECT 'scope', s.scope, coalesce(s.scope, 'No scope'), ${SUMS}, NULL FROM per LEFT JOIN LATERAL jsonb_array_elements_text(per.scope_array) s(scope) ON true GROUP BY 2, 3
      UNION ALL (SELECT 'job', NULL, NULL, 0, 0, 0, 0, 0, 0, 0,
          jsonb_build_object('id', per.id, 'number', per.number, 'name', per.name, 'client_name', c.name, 'foreman_name', u.name, 'end_date', per.end_date,
            'invoice_amount', per.invoice_amount, 'product_revenue', per.product_revenue, 'additional_revenues', per.additional_revenues, 'trip_charge', per.trip_charge,
            'revenue', per.revenue, 'product_cost', per.product_cost, 'hours', per.hours, 'burden_rate', per.burden_rate, 'labour_cost', per.labour_cost,
            'additional_costs', per.additional_costs, 'cost', per.cost)
        FROM per LEFT JOIN clients c ON c.id = per.client_id LEFT JOIN users u ON u.id = per.foreman_id
        WHERE ${where} ORDER BY ${order} LIMIT ${per_page} OFFSET ${(page - 1) * per_page})
      UNION ALL SELECT 'job_count', NULL, NULL, count(*), 0, 0, 0, 0, 0, 0, NULL FROM per WHERE ${where}`,
    );
    const aggregates = answer.filter((r) => r.kind !== 'job');
    const jobRows = answer.filter((r) => r.kind === 'job').map((r): JobJson => r.job!);
    const setting = await sqlSelect(db, { rate: 'num?' }, sql`SELECT ${burdenRateSql()} AS rate`);

    const byKind = (kind: string) => aggregates.filter((r) => r.kind === kind);
    const groupRow = (r: ReportRow, label: string): JobGroup => ({ key: r.key == null ? null : String(r.key), label, ...moneyTotals(r) });
    const total = byKind('total')[0] ?? {};
    const rows: JobProfitRow[] = jobRows.map((r) => {
      const revenue = num(r.revenue);
      const cost = num(r.cost);
      const profit = Math.round((revenue - cost) * 100) / 100;
      return {
        id: num(r.id),
        number: (r.number as string | null) ?? null,
        name: (r.name as string | null) ?? null,
        client_name: (r.client_name as string | null) ?? null,
        foreman_name: (r.foreman_name as string | null) ?? null,
        end_date: String(r.end_date).slice(0, 10),
        invoice_amount: numOrNull(r.invoice_amount),
        product_revenue: num(r.product_revenue),
        additional_revenues: num(r.additional_revenues),
        trip_charge: num(r.trip_charge),
        revenue,
        product_cost: num(r.product_cost),
        hours: num(r.hours),
        burden_rate: num(r.burden_rate),
        labour_cost: num(r.labour_cost),
        additional_costs: num(r.additional_costs),
        cost,
        profit,
        margin: revenue === 0 ? null : profit / revenue,
      };
    });
    const totalRows = num(aggregates.find((r) => r.kind === 'job_count')?.job_count);
    const byLabel = (a: JobGroup, b: JobGroup) => (a.key == null ? 1 : b.key == null ? -1 : a.label.localeCompare(b.label));
    return {
      data: {
        totals: moneyTotals(total),
        groups: byKind('group')
          .map((r) => groupRow(r, group_by === 'month' ? monthLabel(String(r.label)) : String(r.label)))
          .sort(group_by === 'month' ? (a, b) => String(a.key).localeCompare(String(b.key)) : byLabel),
        months: byKind('month')
          .map((r) => groupRow(r, monthLabel(String(r.key))))
          .sort((a, b) => String(a.key).localeCompare(String(b.key))),
        scopes: byKind('scope')
          .map((r) => groupRow(r, String(r.label)))
          .sort(byLabel),
        jobs: { rows, total: totalRows, page, last_page: Math.max(1, Math.ceil(totalRows / per_page)) },
        setting_burden_rate: numOrNull(setting[0]?.rate),
      },
    };
  });
}
