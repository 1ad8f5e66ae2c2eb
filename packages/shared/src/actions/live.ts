/**
 * Live updates (docs/platform.md, Live updates): one server-sent events stream per
 * signed-in browser tab. Each committed change of a record sends a notice to the streams of the
 * users who may read that record: which record, at which version, by whom. Never a field's value:
 * the browser reads the record again through the ordinary calls, which apply every rule.
 *
 * On the wire (text/event-stream):
 *   retry: 2000                       first, how long the browser waits before reconnecting
 *   id: <id>                          before each notice; sent back as Last-Event-ID on reconnect
 *   event: change                     data: a LiveChange as JSON
 *   event: reset                      data: {}: notices may have been missed (a resume the server
 *                                     could not serve): refetch everything shown
 *   event: end                        data: {}: the server let this stream go for a newer one of the same
 *                                     user (at most STREAMS_PER_USER): do not reconnect at once (a
 *                                     tab reconnects when it is shown again)
 *   : hb                              a comment every LIVE_HEARTBEAT_MS (live-wire.ts), through proxies
 *
 * A first stream (no Last-Event-ID yet) may give `?since=`: when the page first read its data. The
 * changes committed since then, which the page may not show, come first (or `reset`, when the
 * server may not hold them all: let go, or made before it started hearing).
 */
import { z } from 'zod';
import { actionMap, defineAction } from './define.ts';

export const liveEvents = defineAction({
  name: 'live.events',
  summary:
    'Server-sent events: a `change` notice (resource, id, version, who) for each committed change of a record the caller may read; `reset` when notices may have been missed. Resumes from `Last-Event-ID`.',
  method: 'GET',
  path: '/api/live',
  query: z.object({
    since: z.iso.datetime({ offset: true }).optional().meta({ description: 'When the page first read its data: the changes since then come first.' }),
  }),
  answer: z.string(),
  permission: 'signed_in',
  download: 'text/event-stream',
});

export const LIVE_ACTIONS = actionMap({ 'live.events': liveEvents });
