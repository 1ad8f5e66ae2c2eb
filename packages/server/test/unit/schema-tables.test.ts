/**
 * The tables the migrations are written from (cli/db-generate.ts) and the drift test compares
 * with: every resource's table from the registry, with no line of its own anywhere, and the
 * platform's own tables that db/schema.ts declares by hand.
 */
import { RESOURCES, RESOURCE_NAMES } from '@glazier/shared/resources/registry';
import { describe, expect, it } from 'vitest';
import { SCHEMA_TABLES } from '../../src/db/schema-tables.ts';
import { audit_log, sessions, tableFor } from '../../src/db/schema.ts';

describe('db/schema-tables.ts', () => {
  it("holds every resource's table, as the engine uses it", () => {
    for (const name of RESOURCE_NAMES) expect(SCHEMA_TABLES[RESOURCES[name].table], name).toBe(tableFor(RESOURCES[name].table));
  });

  it('and the tables db/schema.ts declares by hand, each once', () => {
    expect(SCHEMA_TABLES.sessions).toBe(sessions);
    expect(SCHEMA_TABLES.audit_log).toBe(audit_log);
    const resourceTables = new Set(RESOURCE_NAMES.map((n) => RESOURCES[n].table));
    expect(Object.keys(SCHEMA_TABLES).length).toBeGreaterThan(resourceTables.size);
  });
});
