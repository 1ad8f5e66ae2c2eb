import { eq } from 'drizzle-orm';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { Db, Row } from '../db/client.ts';
import { tableFor } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import type { StoredRow } from './server-resource.ts';
import { selectRows, type SelectRows } from './select-rows.ts';
import type { AnyTable } from '../db/schema.ts';

/**
 * A resource's stored rows, every column as its table has it, typed by the resource's definition
 * (the table is built from the same one): how an area reads whole records
 * (docs/architecture.md, SQL by hand). `opts` gets the table, for its columns in the conditions and the order.
 */
export async function storedRows<N extends ResourceName>(db: Db, name: N, opts: (t: AnyTable) => SelectRows): Promise<StoredRow<N>[]> {
  const t = tableFor(RESOURCES[name].table);
  return (await selectRows(db, t, opts(t))) as StoredRow<N>[];
}

/** One stored row of a resource's table by id (for denormalised read-only columns), or undefined. */
export async function rowById<N extends ResourceName>(ctx: Ctx, name: N, id: unknown): Promise<StoredRow<N> | undefined> {
  if (typeof id !== 'number') return undefined;
  const t = tableFor(RESOURCES[name].table);
  const [row] = await ctx.db.orm.select().from(t).where(eq(t.id, id)).limit(1);
  return row as StoredRow<N> | undefined;
}

/** True when `key` is being set (present in the values) to something other than what is stored. */
export function changed<V extends object>(values: V, existing: object | null, key: keyof V & string): boolean {
  return key in values && values[key] !== (existing as Row | null)?.[key];
}
