import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { RESOURCE_NAMES } from '@glazier/shared/resources/registry';
import type { Db, ResourceRow } from '../db/client.ts';
import { recordAudit } from '../engine/audit.ts';
import { resource } from '../engine/resources.ts';
import { sweepBlobs } from './attachments/stored-files.ts';
import { systemCtx } from './system-context.ts';

/**
 * Empties the trashes (resources with `trash`, i.e. jobs): records deleted more than `days` days
 * ago are deleted for good, one transaction per resource, each with a `purge` audit row. The
 * database cascades take their children along (a job's products, notes, files, images, pickup items
 * and schedule events); time entries stay, with no job, because they are pay records; estimates and
 * boms stay too, unlinked. Runs at server start and daily (cli/main.ts). Answers the purged ids.
 */
export async function purgeTrash(db: Db): Promise<Record<string, number[]>> {
  const ctx = await systemCtx(db, 'Trash purge');
  const purged: Record<string, number[]> = {};
  for (const res of RESOURCE_NAMES.map(resource)) {
    const trash = res.def.trash;
    if (!trash) continue;
    const t = res.table;
    const fixed = Object.entries(res.def.fixed ?? {}).map(([col, v]) => eq(t[col], v));
    purged[res.name] = await db.transaction(async (tx) => {
      const rows = (await tx.orm
        .delete(t)
        .where(and(isNotNull(t.deleted_at), sql`${t.deleted_at} <= now() - make_interval(days => ${trash.days})`, ...fixed))
        .returning()) as ResourceRow[];
      const txCtx = { ...ctx, db: tx };
      for (const row of rows) await recordAudit(txCtx, res.name, 'purge', row.id, row, null);
      if (rows.length) await sweepBlobs(txCtx);
      return rows.map((r) => r.id);
    });
  }
  return purged;
}
