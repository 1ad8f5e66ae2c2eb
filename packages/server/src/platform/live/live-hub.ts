/**
 * The live updates of one app server (docs/platform.md, Live updates): the open streams
 * (`GET /api/live`, shared/actions/live.ts) and the record changes they hear. Changes arrive from
 * the database (engine/record-changes.ts) by the channel every app server listens on
 * (change-listener.ts, through live-streams.ts; db/ carries it on PostgreSQL and on PGlite alike),
 * which carries each server's changes. Each is numbered here and kept for a while, so a browser that lost
 * its stream resumes from its Last-Event-ID; when it cannot (too old, or another server's, or this
 * server missed notices), the stream says `reset` and the browser refetches what it shows.
 *
 * A change reaches a stream only if its user may read that record now: the resource's read right,
 * and a resource's record scope (own time entries) through its `hears` hook. The user is read (from
 * its short cache) once per change for all their streams, so a changed role narrows them at once;
 * a sign-out or deactivation closes them (live-streams.ts), and each heartbeat reads the session
 * again (an expired one ends its stream). When a stream's user has other rights than it last told
 * (their role changed, or their role's permission matrix), it says `rights`: the browser reads its
 * user again, so its menus and screens follow. A change is written out once for every stream.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from '@glazier/shared/actions/live-wire';
import { OUTBOX_RIGHT } from '@glazier/shared/actions/mail';
import { MAIL_LIVE_TOPIC } from '@glazier/shared/actions/mail-status';
import { isResourceName } from '@glazier/shared/resources/registry';
import type { SessionUser } from '@glazier/shared/api';
import type { Db } from '../../db/client.ts';
import { allowed, type Ctx } from '../../engine/context.ts';
import type { RecordChange } from '../../db/change-notices.ts';
import { resource } from '../../engine/resources.ts';
import { sessionUserFor } from '../auth.ts';
import { DbSessionStore } from '../session-store.ts';
import { registerLiveHub, type LiveHubLike } from '../live-streams.ts';

/** Notices kept for a resume (a browser back after a short drop). */
const KEPT_CHANGES = 2_000;
/** A user's streams at once (tabs, devices); a new one beyond it closes their oldest. */
export const STREAMS_PER_USER = 10;
/**
 * How long changes gather before they are delivered: a burst (a bulk save, busy hours) asks each
 * user's right once and is one write per stream (the browser gathers 100 ms more; a change must show within 2 s).
 */
const LIVE_BATCH_MS = 200;

/** What a slow client may leave unread before its stream is closed (it reconnects and resumes). */
const MAX_UNREAD_BYTES = 256 * 1024;

/** Whether a user may hear of a change: the rules of reading the record, without its values. */
export function mayHear(db: Db, user: SessionUser, change: RecordChange): boolean {
  const ctx: Ctx = { db, user };
  if (change.resource === MAIL_LIVE_TOPIC) return mayHearOfMail(ctx, change);
  if (!isResourceName(change.resource)) return false;
  const res = resource(change.resource);
  if (!allowed(ctx, 'view', res.def.read)) return false;
  // A change of guarded fields alone (costs) is news only to who may read them.
  if (change.guarded && !change.guarded.some((area) => allowed(ctx, 'edit', area))) return false;
  // A record scope that depends on who reads (own time entries) decides by the record's columns.
  if (res.hears && res.scope?.(ctx, res.table) !== undefined) return res.hears.may(ctx, change.rows ?? []);
  return true;
}

/** What a user may do, as one string: a stream tells its browser when it changes. */
const rightsOf = (user: SessionUser) => JSON.stringify([user.role, user.permissions]);

/** A message of the outbox: the Outbox's administrators hear of each; others of the messages of a record they may read. */
function mayHearOfMail(ctx: Ctx, change: RecordChange): boolean {
  if (allowed(ctx, OUTBOX_RIGHT.action, OUTBOX_RIGHT.area)) return true;
  const record = change.rows?.[0];
  if (typeof record?.resource !== 'string' || typeof record.record_id !== 'number') return false;
  return mayHear(ctx.db, ctx.user!, { ...change, resource: record.resource, id: record.record_id, rows: [] });
}

/** A change as the hub numbered it, with the text every stream writes of it. */
interface Numbered {
  n: number;
  change: RecordChange;
  text: string;
}

class LiveStream {
  #queue: Promise<void> = Promise.resolve();
  #closed = false;
  readonly #heartbeat: NodeJS.Timeout;

  constructor(
    readonly hub: LiveHub,
    readonly sid: string,
    readonly userId: number,
    readonly out: ServerResponse,
    /** The last change this stream has had (or was opened after): a batch delivers only later ones, so a replay is never repeated. */
    public heardUpTo: number,
    /** Its user's rights when it opened, then as it last told them (rightsOf). */
    private rights: string,
  ) {
    this.#heartbeat = setInterval(() => {
      this.#write(': hb\n\n');
      this.recheck();
    }, LIVE_HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /**
   * Writes the changes of a batch its user may hear (`heard`, in order; `all` of them as bytes,
   * encoded once for all the user's streams) that it has not had; the batch runs to `upTo`.
   */
  send(heard: readonly Numbered[], all: Buffer, upTo: number): void {
    const first = heard[0];
    if (first)
      this.#write(
        first.n > this.heardUpTo
          ? all
          : heard
              .filter((c) => c.n > this.heardUpTo)
              .map((c) => c.text)
              .join(''),
      );
    this.heardUpTo = Math.max(this.heardUpTo, upTo);
  }

  reset(): void {
    this.#write('event: reset\ndata: {}\n\n');
  }

  /** Tells the browser its user's rights changed (a role, the matrix), once per change. */
  noteRights(user: SessionUser): void {
    const rights = rightsOf(user);
    if (rights === this.rights) return;
    this.rights = rights;
    this.#write('event: rights\ndata: {}\n\n');
  }

  /** Ends the stream if its session or user is gone; tells of changed rights. */
  recheck(): void {
    this.#then(async () => {
      const user = await this.hub.currentUser(this);
      if (!user) this.close();
      else this.noteRights(user);
    });
  }

  #then(step: () => Promise<void>): void {
    this.#queue = this.#queue.then(() => (this.#closed ? undefined : step())).catch(() => this.close()); // the database gone (shutting down): the browser reconnects
  }

  #write(text: string | Buffer): void {
    if (this.#closed || !text.length) return;
    this.out.write(text);
    if (this.out.writableLength > MAX_UNREAD_BYTES) this.close();
  }

  /** Ends the stream; `end` tells the browser not to reconnect at once (it gave way to a newer stream). */
  close(end = false): void {
    if (this.#closed) return;
    if (end) this.#write('event: end\ndata: {}\n\n');
    this.#closed = true;
    clearInterval(this.#heartbeat);
    this.hub.forget(this);
    this.out.end();
  }
}

export class LiveHub implements LiveHubLike {
  readonly #boot = randomBytes(4).toString('hex');
  #seq = 0;
  readonly #kept: Numbered[] = [];
  /**
   * Since when every change is among the kept ones: when this hub started hearing, then the time of
   * the last change let go. A change timed at or before it may have been missed (committed before
   * the hub heard, or let go since), so a catch-up from then is told to reset.
   */
  #keptFrom = Date.now();
  readonly #streams = new Set<LiveStream>();
  #deliveries: Promise<void> = Promise.resolve();
  /** Changes gathering for the next batch. */
  #waiting: Numbered[] = [];
  #flushTimer: NodeJS.Timeout | undefined;
  readonly #sessions: DbSessionStore;
  #stop: Array<() => unknown> = [];

  constructor(readonly db: Db) {
    this.#sessions = new DbSessionStore(db);
  }

  /** Starts hearing the database's record changes; stop with close(). */
  start(): void {
    this.#keptFrom = Date.now();
    // the changes come through the registry, from the app server's one listener (change-listener.ts)
    this.#stop.push(registerLiveHub(this));
  }

  publish(change: RecordChange): void {
    const n = ++this.#seq;
    const { rows: _rows, guarded: _guarded, ...notice } = change;
    const text = `id: ${this.#boot}.${n}\nevent: change\ndata: ${JSON.stringify(notice)}\n\n`;
    const numbered = { n, change, text };
    this.#kept.push(numbered);
    if (this.#kept.length > KEPT_CHANGES) this.#keptFrom = Math.max(this.#keptFrom, Date.parse(this.#kept.shift()!.change.at));
    if (!this.#streams.size) return;
    this.#waiting.push(numbered);
    this.#flushTimer ??= setTimeout(() => {
      this.#flushTimer = undefined;
      const batch = this.#waiting;
      this.#waiting = [];
      const streams = [...this.#streams];
      this.#inOrder(() => this.#deliver(batch, streams));
    }, LIVE_BATCH_MS);
  }

  /** Deliveries one after another, so every stream hears its changes in commit order. */
  #inOrder(step: () => Promise<void>): void {
    this.#deliveries = this.#deliveries.then(step).catch(() => undefined); // the database gone (closing): nothing to tell
  }

  /**
   * Changes (in order) to these streams: each user read once and their right to each change asked
   * once for all their streams, then one write per stream. A user who can no longer sign in has their streams ended.
   */
  async #deliver(batch: readonly Numbered[], streams: LiveStream[]): Promise<void> {
    const upTo = batch.at(-1)?.n ?? 0;
    const users = new Map<number, SessionUser | null>();
    await Promise.all([...new Set(streams.map((s) => s.userId))].map(async (userId) => users.set(userId, await sessionUserFor(this.db, userId))));
    const heardBy = new Map<number, { heard: Numbered[]; all: Buffer }>();
    for (const stream of streams) {
      const user = users.get(stream.userId);
      if (!user) {
        stream.close();
        continue;
      }
      stream.noteRights(user);
      let theirs = heardBy.get(stream.userId);
      if (!theirs) {
        const heard = batch.filter((c) => mayHear(this.db, user, c.change));
        heardBy.set(stream.userId, (theirs = { heard, all: Buffer.from(heard.map((c) => c.text).join('')) }));
      }
      stream.send(theirs.heard, theirs.all, upTo);
    }
  }

  resetAll(): void {
    for (const stream of this.#streams) stream.reset();
  }

  /** How many streams are open (the metrics, the bench). */
  get size(): number {
    return this.#streams.size;
  }

  /** The stream's user now, or null when its session ended or the user can no longer sign in. */
  async currentUser(stream: LiveStream): Promise<SessionUser | null> {
    const session = await this.#sessions.get(stream.sid);
    if (session?.userId !== stream.userId) return null;
    return sessionUserFor(this.db, stream.userId);
  }

  recheck(which: { sid?: string; userId?: number }): void {
    for (const stream of this.#streams) {
      if (which.sid !== undefined && stream.sid !== which.sid) continue;
      if (which.userId !== undefined && stream.userId !== which.userId) continue;
      stream.recheck();
    }
  }

  forget(stream: LiveStream): void {
    this.#streams.delete(stream);
  }

  /** Serves `GET /api/live` for a signed-in request (the action's route checked the session). */
  open(request: FastifyRequest, reply: FastifyReply, since?: string): void {
    const user = request.user!;
    const sid = request.session.sessionId!;
    // The stream is written by hand: no compression (it would hold events back) and no answer hooks.
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no', // nginx: pass each event on at once
    });
    out.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    const mine = [...this.#streams].filter((s) => s.userId === user.id);
    if (mine.length >= STREAMS_PER_USER) mine[0]!.close(true);
    // it hears what is committed from now on (and what a resume or catch-up replays below)
    const stream = new LiveStream(this, sid, user.id, out, this.#seq, rightsOf(user));
    this.#streams.add(stream);
    request.raw.on('close', () => stream.close());
    const lastEventId = request.headers['last-event-id'];
    if (typeof lastEventId === 'string' && lastEventId) this.#resume(stream, lastEventId);
    else if (since) this.#catchUp(stream, Date.parse(since));
  }

  /**
   * A first stream: the changes since its page started (which read its data later still: a change
   * timed before then, its time taken in its transaction, had committed by that read), or reset
   * when some since then may not be kept: let go, or made before this hub started hearing (the
   * server restarted after the page read its data). Earlier ones are not replayed: the page has them.
   */
  #catchUp(stream: LiveStream, since: number): void {
    if (since <= this.#keptFrom) return stream.reset();
    this.#replay(
      stream,
      this.#kept.filter((kept) => Date.parse(kept.change.at) >= since),
    );
  }

  /** Replays what a reconnecting browser missed, or tells it to refetch when that is not kept here. */
  #resume(stream: LiveStream, lastEventId: string): void {
    const [boot, seq] = lastEventId.split('.');
    const n = Number(seq);
    const oldest = this.#kept[0]?.n ?? this.#seq + 1;
    if (boot !== this.#boot || !Number.isInteger(n) || n > this.#seq || n < oldest - 1) return stream.reset();
    this.#replay(
      stream,
      this.#kept.filter((kept) => kept.n > n),
    );
  }

  /** Delivers kept changes to one stream, before any batch after them (a batch then skips what it had). */
  #replay(stream: LiveStream, missed: Numbered[]): void {
    stream.heardUpTo = (missed[0]?.n ?? this.#seq + 1) - 1;
    this.#inOrder(() => this.#deliver(missed, [stream]));
  }

  async close(): Promise<void> {
    clearTimeout(this.#flushTimer);
    for (const stream of [...this.#streams]) stream.close();
    for (const stop of this.#stop) await stop();
    this.#stop = [];
  }
}
