import type { Row } from '../../db/client.ts';
import { requireUser } from '../../engine/context.ts';
import { create } from '../../engine/write.ts';
import { ApiError } from '../../engine/errors.ts';
import type { PreparedUpload, Ctx } from '../../engine/context.ts';

/**
 * Creates one record per upload (files, images) through the engine, each with its checked upload
 * (the resource's hooks store it), all in one transaction: a batch is saved whole or not at all.
 * Error keys of the n-th record are prefixed `data.{n}.` as in a store_many.
 */
export async function createWithUploads(ctx: Ctx, resource: string, items: { body: Row; upload: PreparedUpload }[]): Promise<Row[]> {
  requireUser(ctx);
  return ctx.db.transaction(async (db) => {
    const out: Row[] = [];
    for (const [i, { body, upload }] of items.entries()) {
      try {
        out.push(await create({ ...ctx, db, upload }, resource, body));
      } catch (e) {
        if (e instanceof ApiError && e.errors && items.length > 1) {
          throw new ApiError(e.status, e.message, Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [`data.${i}.${k}`, v])));
        }
        throw e;
      }
    }
    return out;
  });
}
