import { sql } from 'drizzle-orm';
import { ROLES, type Role } from '@glazier/shared/permissions';
import type { Db, Row } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { create, update } from '../engine/write.ts';
import { invalid } from '../engine/errors.ts';
import { systemCtx } from '../platform/system-context.ts';

/** Creates a user, or resets the password (and role/name when given) of an existing email. */
export async function createOrResetUser(
  db: Db,
  opts: { email?: string; password?: string; role?: string; name?: string },
): Promise<{ id: number; email: string; role: string; created: boolean }> {
  if (!opts.email || !opts.password) throw invalid({ email: ['Usage: user:create -- --email E --password P [--role admin] [--name N]'] });
  const role = (opts.role ?? 'admin') as Role;
  if (!ROLES.includes(role)) throw invalid({ role: [`Role must be one of: ${ROLES.join(', ')}.`] });
  // The CLI acts as the system (an operator with shell access), through the same engine rules.
  const system = await systemCtx(db, 'cli');
  const [existing] = (await db.orm
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${opts.email.toLowerCase()} AND ${users.deleted_at} IS NULL`)) as Row[];
  const body: Row = { password: opts.password, password_confirmation: opts.password };
  if (opts.name) body.name = opts.name;
  if (opts.role) body.role = role;
  if (existing) {
    const r = await update(system, 'users', existing.id, { ...body, active: true });
    return { id: r.id, email: r.email, role: r.role, created: false };
  }
  const r = await create(system, 'users', { ...body, email: opts.email, name: opts.name ?? opts.email.split('@')[0], role, active: true });
  return { id: r.id, email: r.email, role: r.role, created: true };
}
