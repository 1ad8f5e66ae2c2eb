import { eq } from 'drizzle-orm';
import { tableFor } from '../db/schema.ts';
import type { Ctx } from '../engine/context.ts';

export async function settingValue(ctx: Ctx, name: string): Promise<string | null> {
  const t = tableFor('settings');
  const [row] = await ctx.db.orm.select({ value: t.value }).from(t).where(eq(t.name, name)).limit(1);
  return (row?.value as string | null | undefined) ?? null;
}
