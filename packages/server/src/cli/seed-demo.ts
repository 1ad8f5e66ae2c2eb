/**
 * `npm run seed:demo`: a small, realistic contractor to look around in — a few dozen clients,
 * jobs, estimates, products, materials and vendors (from the same generator as the benchmark),
 * the company settings, and one user of each role with a known demo password.
 *
 * Safe to run twice: when the demo admin already exists nothing is added.
 */
import { sql } from 'drizzle-orm';
import type { RecordOf } from '@glazier/shared/resources/records';
import type { Role } from '@glazier/shared/permissions';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { create } from '../engine/write.ts';
import { systemCtx } from '../platform/system-context.ts';
import { SCALES, generateDemoData } from './demo-data.ts';
import type { DemoUser } from './demo/people.ts';
import { DEMO_COMPANY, seedSettings } from './demo/settings.ts';

/** The demo logins (printed at the end of the seed; documented in the README). */
export const DEMO_LOGINS: readonly { role: Role; name: string; email: string; password: string }[] = [
  { role: 'admin', name: 'Alex Admin', email: 'admin@demo.test', password: 'demo-admin-1' },
  { role: 'manager', name: 'Morgan Manager', email: 'manager@demo.test', password: 'demo-manager-1' },
  { role: 'supervisor', name: 'Sam Supervisor', email: 'supervisor@demo.test', password: 'demo-supervisor-1' },
  { role: 'employee', name: 'Erin Employee', email: 'employee@demo.test', password: 'demo-employee-1' },
];

function loginTable(): string {
  const w = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
  return DEMO_LOGINS.map((l) => `  ${l.role.padEnd(10)} ${l.email.padEnd(w)}  ${l.password}`).join('\n');
}

/** A demo login's user, if it exists already. */
type LoginUser = Pick<RecordOf<'users'>, 'id' | 'name' | 'role'>;

async function findUser(db: Db, email: string): Promise<LoginUser | undefined> {
  const [row] = (await db.orm
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} AND ${users.deleted_at} IS NULL`)
    .limit(1)) as LoginUser[];
  return row;
}

export async function seedDemo(db: Db, opts: { log?: (msg: string) => void } = {}): Promise<string> {
  const admin = DEMO_LOGINS[0]!;
  if (await findUser(db, admin.email)) {
    return `Demo data is already there (${admin.email} exists): nothing added.\nDemo logins:\n${loginTable()}`;
  }
  const started = Date.now();
  // The seed acts as the system, through the engine, so passwords are hashed and audited as usual.
  const system = await systemCtx(db, 'seed-demo');

  const demoUsers: DemoUser[] = [];
  for (const l of DEMO_LOGINS) {
    const existing = await findUser(db, l.email);
    const record =
      existing ??
      (await create(system, 'users', {
        name: l.name,
        email: l.email,
        role: l.role,
        active: true,
        password: l.password,
        password_confirmation: l.password,
      }));
    demoUsers.push({ id: record.id, name: record.name, role: record.role });
  }
  await seedSettings(system);

  const result = await generateDemoData(db, SCALES.demo, { users: demoUsers, log: opts.log });
  const c = result.counts;
  const line = (label: string, n: number | undefined) => (n ? `${n} ${label}` : undefined);
  const made = [
    line('clients', c.clients),
    line('jobs', c.jobs),
    line('job products', c.job_products),
    line('estimates', c.estimates),
    line('products', c.products),
    line('materials', c.materials),
    line('vendors', c.vendors),
    line('purchase orders', c.purchase_orders),
    line('time entries', c.time_entries),
    line('schedule events', c.events),
    line('schedule notes', c.schedule_notes),
    line('pickup items', c.pickup_items),
    line('notes', c.notes),
    line('PDFs', c.files),
    line('photos', c.images),
    line('crew members without a login', c.users),
  ].filter(Boolean);
  return [
    `Demo data for "${DEMO_COMPANY}" added in ${((Date.now() - started) / 1000).toFixed(1)} s: ${made.join(', ')}.`,
    'Demo logins (role, email, password):',
    loginTable(),
  ].join('\n');
}
