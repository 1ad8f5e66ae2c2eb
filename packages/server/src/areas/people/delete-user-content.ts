import { eq } from 'drizzle-orm';
import type { Row } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import { recordedWrites } from '../../engine/named-write.ts';
import { sweepBlobs } from '../../platform/attachments/stored-files.ts';

/** What a user created that goes with them (docs/domain/people.md, Users). */
const CREATED_BY = ['notes', 'files', 'images'] as const;

/**
 * Deletes the notes, images and files a user created, each with its audit row, and the blobs no one
 * holds any more; in the caller's transaction (the user's delete), so all goes or nothing does.
 */
export async function deleteUserContent(ctx: Ctx, userId: number): Promise<void> {
  const hashes: unknown[] = [];
  const w = recordedWrites(ctx);
  for (const table of CREATED_BY) {
    const gone: Row[] = await w.deleteWhere(table, (t) => eq(t.user_id, userId));
    for (const row of gone) hashes.push(row.sha256, row.thumb_sha256);
  }
  await sweepBlobs(ctx, hashes);
}
