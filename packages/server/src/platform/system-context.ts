import type { Db } from '../db/client.ts';
import type { Ctx } from '../engine/context.ts';
import { permissionsFor } from './role-permissions.ts';

/**
 * The system acting through the engine (first-run setup, the CLI, the demo seed): an admin without
 * a user row, so the same validation, hashing and audit apply. The audit log records it as user 0.
 */
export async function systemCtx(db: Db, name: string): Promise<Ctx> {
  return { db, user: { id: 0, name, email: '', role: 'admin', permissions: await permissionsFor(db, 'admin') } };
}
