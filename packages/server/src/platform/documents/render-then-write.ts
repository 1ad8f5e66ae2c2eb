/**
 * A write that sends a document made from a record (an estimate to its client, an order to its
 * vendor): the document is laid out before the transaction opens, never inside it. A render is
 * tens to hundreds of milliseconds in a worker; inside a transaction it would hold a connection
 * that long, and on PGlite the only one, so every other request would wait on the layout.
 *
 * The record may change between the render and the write: `stamp` reads what says so (its
 * `updated_at`, which a change to its lines moves too), once before the render and again inside
 * the transaction, where it should lock the row. When they differ the document is made again from
 * the record as it now is; after a few tries the write answers 409 rather than send a stale copy.
 */
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../engine/errors.ts';

/** Renders at most, when the record keeps changing under them. */
export const RENDER_TRIES = 3;

export const CHANGED_WHILE_RENDERING = 'The record changed while its document was being made. Try again in a moment.';

export interface RenderThenWrite<D, R> {
  /** What changes whenever the document would: read outside the transaction and inside it (locking). */
  stamp(db: Db): Promise<string | null>;
  /** Makes the document; holds no connection while the worker lays it out. */
  render(): Promise<D>;
  /** The transaction's work, given the document made from the record as it still is. */
  write(tx: Db, document: D): Promise<R>;
}

export async function renderThenWrite<D, R>(db: Db, { stamp, render, write }: RenderThenWrite<D, R>): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const rendered = await stamp(db);
    const document = await render();
    const outcome = await db.transaction(async (tx) => {
      if ((await stamp(tx)) !== rendered) return { stale: true as const };
      return { stale: false as const, result: await write(tx, document) };
    });
    if (!outcome.stale) return outcome.result;
    if (attempt >= RENDER_TRIES) throw new ApiError(409, CHANGED_WHILE_RENDERING);
  }
}
