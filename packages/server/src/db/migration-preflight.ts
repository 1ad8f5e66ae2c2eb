/**
 * Before a migration adds a rule (a CHECK constraint, a unique index), the rows already stored
 * are held against it: when some break it, the migration is not applied and the error lists them,
 * rule by rule, so an owner can fix the records instead of reading a database error.
 */
import type { Db } from './client.ts';

export class MigrationBlocked extends Error {
  constructor(
    readonly file: string,
    readonly breaks: readonly RuleBreak[],
  ) {
    const rows = breaks.reduce((n, b) => n + b.rows, 0);
    super(
      [
        `Migration ${file} was not applied: ${rows} stored row${rows === 1 ? '' : 's'} break${rows === 1 ? 's' : ''} the rules it adds. Nothing was changed.`,
        ...breaks.map(
          (b) =>
            `  ${b.rule} on ${b.table} (${b.condition}): ${b.rows} row${b.rows === 1 ? '' : 's'}, id${b.ids.length === 1 ? '' : 's'} ${b.ids.join(', ')}${b.rows > b.ids.length ? ', …' : ''}`,
        ),
        'Fix these records in the app (or with SQL), then start the server or run `npm run db:migrate` again.',
      ].join('\n'),
    );
    this.name = 'MigrationBlocked';
  }
}

export interface RuleBreak {
  rule: string;
  table: string;
  condition: string;
  rows: number;
  /** The first few offending rows' ids. */
  ids: number[];
}

const CHECK = /^ALTER TABLE "([^"]+)" ADD CONSTRAINT "([^"]+)" CHECK \((.*)\);?$/s;
const UNIQUE = /^CREATE UNIQUE INDEX "([^"]+)" ON "([^"]+)" USING \w+ \((.*?)\)(?: WHERE (.*?))?;?$/s;
const SHOWN_IDS = 10;

/** The rules a migration's statements add whose stored rows break them. */
export async function ruleBreaks(db: Db, statements: readonly string[]): Promise<RuleBreak[]> {
  const out: RuleBreak[] = [];
  for (const statement of statements) {
    const check = CHECK.exec(statement);
    const unique = check ? null : UNIQUE.exec(statement);
    if (!check && !unique) continue;
    const table = check ? check[1]! : unique![2]!;
    const exists = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`"${table}"`]);
    if (!exists[0]?.t) continue; // a table this migration creates holds no rows yet
    try {
      if (check) {
        // A CHECK passes when its condition is true or unknown (NULL): only false breaks it.
        const rows = await db.query<{ id: number; n: number }>(
          `SELECT id, count(*) OVER ()::int AS n FROM "${table}" WHERE (${check[3]}) IS FALSE ORDER BY id LIMIT ${SHOWN_IDS}`,
        );
        if (rows.length) out.push({ rule: check[2]!, table, condition: check[3]!, rows: rows[0]!.n, ids: rows.map((r) => r.id) });
      } else {
        // Rows with a NULL in the key never clash (a unique index lets them all in).
        const [, name, , columns, where] = unique!;
        const rows = await db.query<{ ids: number[]; n: number }>(
          `SELECT (array_agg(id ORDER BY id))[1:${SHOWN_IDS}] AS ids, count(*)::int AS n FROM "${table}" WHERE ROW(${columns}) IS NOT NULL${where ? ` AND ${where}` : ''} GROUP BY ${columns} HAVING count(*) > 1 ORDER BY min(id) LIMIT ${SHOWN_IDS}`,
        );
        if (rows.length) {
          const ids = rows.flatMap((r) => r.ids).slice(0, SHOWN_IDS);
          out.push({ rule: name!, table, condition: `unique ${columns}${where ? ` where ${where}` : ''}`, rows: rows.reduce((n, r) => n + r.n, 0), ids });
        }
      }
    } catch {
      // A column this migration adds: no stored value can break a rule on it yet.
    }
  }
  return out;
}
