/**
 * Every table of the database as declared: each resource's, built from the registry
 * (`RESOURCE_TABLES`), and the platform's own that `schema.ts` declares by hand. What the
 * migrations' generator (cli/db-generate.ts) and the drift test (test/schema-drift.test.ts)
 * compare with, so a resource added to the registry is in both without a line anywhere.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

const declared = [...Object.values(schema.RESOURCE_TABLES), ...Object.values<unknown>(schema)].filter((value): value is PgTable => is(value, PgTable));

/** Each table once, by its name. */
export const SCHEMA_TABLES: Readonly<Record<string, PgTable>> = Object.fromEntries([...new Set(declared)].map((table) => [getTableName(table), table]));
