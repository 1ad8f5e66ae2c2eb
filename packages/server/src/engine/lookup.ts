import { eq } from 'drizzle-orm';
import type { Row } from '../db/client.ts';
import { tableFor } from '../db/schema.ts';
import type { Ctx } from './context.ts';

/** One row of another table by id (for denormalised read-only columns), or undefined. */
export async function rowById(ctx: Ctx, table: string, id: unknown): Promise<Row | undefined> {
  if (typeof id !== 'number') return undefined;
  const t = tableFor(table);
  const [row] = await ctx.db.orm.select().from(t).where(eq(t.id, id)).limit(1);
  return row as Row | undefined;
}

/** True when `key` is being set (present in the values) to something other than what is stored. */
export function changed(values: Row, existing: Row | null, key: string): boolean {
  return key in values && values[key] !== existing?.[key];
}
