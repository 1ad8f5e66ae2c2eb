/**
 * drizzle-kit sees only the tables `db/schema.ts` exports by name: a new resource whose table is
 * not among them compiles, runs against no table, and `npm run db:generate` says "No schema
 * changes". Found by adding an area as docs/architecture.md says; this names the line.
 */
import { RESOURCES, RESOURCE_NAMES } from '@glazier/shared/resources/registry';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';

describe('db/schema.ts', () => {
  it('exports every resource table by its name, for drizzle-kit', () => {
    const exported = schema as Record<string, unknown>;
    const missing = RESOURCE_NAMES.map((n) => RESOURCES[n].table).filter((table) => exported[table] !== schema.tableFor(table));
    expect(missing, `add \`export const ${missing[0]} = tables.${missing[0]}!;\` to the named exports of db/schema.ts`).toEqual([]);
  });
});
