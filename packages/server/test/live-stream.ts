/** `GET /api/live` read as a browser's EventSource reads it: over a real socket, parsed by eventsource-parser. */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import type { LiveChange } from '@glazier/shared/actions/live-wire';
import type { Client } from './harness.ts';
import { waitFor } from './server-process.ts';

const bases = new Map<FastifyInstance, string>();
async function baseOf(app: FastifyInstance): Promise<string> {
  if (!bases.has(app)) bases.set(app, await app.listen({ port: 0, host: '127.0.0.1' }));
  return bases.get(app)!;
}

/** An open stream, as a browser tab holds it: every event and the raw text that came. */
export interface Stream {
  status: number;
  events: EventSourceMessage[];
  raw: () => string;
  ended: () => boolean;
  changes: () => LiveChange[];
  /** Resolves with the first change that matches, waiting for it to arrive. */
  change: (match: (c: LiveChange) => boolean) => Promise<LiveChange>;
  close: () => void;
}

export async function openStream(c: Client, app: FastifyInstance, headers: Record<string, string> = {}, query = ''): Promise<Stream> {
  const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const abort = new AbortController();
  const res = await fetch(`${await baseOf(app)}/api/live${query}`, { headers: { cookie, accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: EventSourceMessage[] = [];
  let raw = '';
  let ended = false;
  const parser = createParser({ onEvent: (e) => events.push(e) });
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        raw += text;
        parser.feed(text);
      }
      ended = true;
    })();
  } else ended = true;
  const changes = () => events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as LiveChange);
  return {
    status: res.status,
    events,
    raw: () => raw,
    ended: () => ended,
    changes,
    change: async (match) => {
      await waitFor('a change notice', () => changes().some(match), 10_000);
      return changes().find(match)!;
    },
    close: () => abort.abort(),
  };
}
