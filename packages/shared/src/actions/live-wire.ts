/**
 * The live stream's notices and timings (live.ts declares the stream), without zod: the web's
 * connection, which every screen starts, reads them.
 */
import type { ResourceName } from '../resources/registry.ts';
import type { MAIL_LIVE_TOPIC } from './mail-status.ts';

/** What a notice names: a resource, or a message of the outbox (its status; shared/actions/mail.ts). */
export type LiveTopic = ResourceName | typeof MAIL_LIVE_TOPIC;

/** One record changed. */
export interface LiveChange {
  /** The resource (`jobs`, `job_products`, ...), or `mail_outbox` for a message of the outbox. */
  resource: string;
  /** The record's id. */
  id: number;
  /** Its `updated_at` after the change; null when it was deleted (or keeps no version). */
  version: string | null;
  /** What happened: `create`, `update`, `delete`, or a named action's own word (`receive`, `send`). */
  action: string;
  /** Who changed it: a user (id and name), or someone without an account (a client by an approval link: id null). */
  by: { id: number | null; name: string } | null;
  /** When it was committed (ISO 8601). */
  at: string;
}

/** A comment line this often keeps the stream open through proxies that close idle connections. */
export const LIVE_HEARTBEAT_MS = 20_000;

/** The browser's wait before reconnecting after a dropped stream (the `retry:` line). */
export const LIVE_RETRY_MS = 2_000;
