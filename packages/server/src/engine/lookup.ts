import { eq } from 'drizzle-orm';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { Row } from '../db/client.ts';
import { tableFor } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import type { StoredRow } from './server-resource.ts';

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
