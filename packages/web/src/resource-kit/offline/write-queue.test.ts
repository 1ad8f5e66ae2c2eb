import { describe, expect, it } from 'vitest';
import { MemoryQueueStore, WriteQueue, applyKeptWrites, type QueuedWrite, type SendOutcome } from './write-queue.ts';

type Server = (w: QueuedWrite) => SendOutcome;

function setUp(server: Server, store = new MemoryQueueStore(), current: Record<string, unknown> | null = null, sender?: () => number | null) {
  const sent: QueuedWrite[] = [];
  const synced: string[] = [];
  const dropped: string[] = [];
  let answer = server;
  const queue = new WriteQueue({
    store,
    send: (w) => {
      const outcome = answer(w);
      if (outcome.kind !== 'retry') sent.push(w);
      return Promise.resolve(outcome);
    },
    fetchCurrent: () => Promise.resolve(current),
    onSent: (w) => synced.push(w.label),
    onDropped: (w) => dropped.push(w.label),
    sender,
  });
  return { queue, store, sent, synced, dropped, setServer: (s: Server) => (answer = s) };
}

const write = (label: string, over: Partial<QueuedWrite> = {}) => ({
  resource: 'time_entries',
  method: 'POST' as const,
  path: '/api/time_entries',
  body: { hours: 1 },
  recordId: null,
  label,
  ...over,
});

const offline: Server = () => ({ kind: 'retry' });
const accept: Server = (w) => ({ kind: 'sent', record: { id: 1, ...w.body } });

describe('the offline write queue', () => {
  it('keeps writes while the server cannot be reached, then sends them in the order they were made', async () => {
    const t = setUp(offline);
    await t.queue.add(write('first'));
    await t.queue.add(write('second'));
    await t.queue.add(write('third'));
    await t.queue.flush();
    expect(t.queue.writes.map((w) => w.label)).toEqual(['first', 'second', 'third']);
    expect(t.synced).toEqual([]);

    t.setServer(accept);
    await t.queue.flush();
    expect(t.synced).toEqual(['first', 'second', 'third']);
    expect(t.queue.writes).toEqual([]);
    expect(t.store.writes).toEqual([]);
  });

  it('stops a round at the first write that cannot get through, and goes on from it next time', async () => {
    let up = 1;
    const t = setUp(() => (up-- > 0 ? { kind: 'sent', record: { id: 1 } } : { kind: 'retry' }));
    for (const l of ['a', 'b', 'c']) await t.queue.add(write(l));
    await t.queue.flush();
    expect(t.synced).toEqual(['a']);
    expect(t.queue.writes.map((w) => w.label)).toEqual(['b', 'c']);
    t.setServer(accept);
    await t.queue.flush();
    expect(t.synced).toEqual(['a', 'b', 'c']);
  });

  it('nothing is lost on a reload: a new queue on the same store has the writes, in order', async () => {
    const store = new MemoryQueueStore();
    const before = setUp(offline, store);
    await before.queue.add(write('entry', { body: { hours: 7.5, date: '2026-11-23' } }));
    await before.queue.add(write('tick', { resource: 'job_products', method: 'PATCH', path: '/api/job_products/4', recordId: 4, body: { is_measured: true } }));

    const after = setUp(accept, store);
    await after.queue.ready();
    expect(after.queue.writes.map((w) => [w.label, w.body])).toEqual([
      ['entry', { hours: 7.5, date: '2026-11-23' }],
      ['tick', { is_measured: true }],
    ]);
    await after.queue.flush();
    expect(after.sent.map((w) => w.path)).toEqual(['/api/time_entries', '/api/job_products/4']);
    expect(store.writes).toEqual([]);
  });

  it('a conflict waits for a choice, holds back later writes of its record, and lets others through', async () => {
    const t = setUp(
      (w) => (w.label === 'edit 1' ? { kind: 'refused', problem: { status: 409, message: 'Changed by someone else.' } } : { kind: 'sent', record: { id: 1 } }),
      new MemoryQueueStore(),
      {
        id: 9,
        updated_at: '2026-11-26T10:00:00.000Z',
      },
    );
    const patch = (label: string) =>
      write(label, { method: 'PATCH', path: '/api/time_entries/9', recordId: 9, body: { hours: 2, updated_at: '2026-11-20T00:00:00.000Z' } });
    await t.queue.add(patch('edit 1'));
    await t.queue.add(patch('edit 2'));
    await t.queue.add(write('another record'));
    await t.queue.flush();
    expect(t.synced).toEqual(['another record']);
    expect(t.queue.writes.map((w) => [w.label, w.problem?.status])).toEqual([
      ['edit 1', 409],
      ['edit 2', undefined],
    ]);
    // kept on the device with its problem (a reload still shows the choice)
    expect(t.store.writes[0]!.problem).toEqual({ status: 409, message: 'Changed by someone else.' });

    // Keep mine: sent again over the server's current version, then the one behind it
    t.setServer(accept);
    await t.queue.keepMine(t.queue.writes[0]!.key);
    expect(t.synced).toEqual(['another record', 'edit 1', 'edit 2']);
    expect(t.sent.at(-2)!.body).toEqual({ hours: 2, updated_at: '2026-11-26T10:00:00.000Z' });
    expect(t.queue.writes).toEqual([]);
  });

  it("the server's version: a refused write and the later ones of its record are dropped", async () => {
    const t = setUp((w) =>
      w.recordId === 9 ? { kind: 'refused', problem: { status: 422, message: 'The hours are too many.' } } : { kind: 'sent', record: { id: 2 } },
    );
    const patch = (label: string) => write(label, { method: 'PATCH', path: '/api/time_entries/9', recordId: 9 });
    await t.queue.add(patch('edit 1'));
    await t.queue.add(patch('edit 2'));
    await t.queue.flush();
    expect(t.queue.writes.map((w) => w.label)).toEqual(['edit 1', 'edit 2']);
    await t.queue.dropMine(t.queue.writes[0]!.key);
    expect(t.dropped).toEqual(['edit 1', 'edit 2']);
    expect(t.queue.writes).toEqual([]);
    expect(t.store.writes).toEqual([]);
  });

  it('tells whether a record has writes waiting, and tells its listeners of every change', async () => {
    const t = setUp(offline);
    let changes = 0;
    t.queue.subscribe(() => changes++);
    await t.queue.add(write('tick', { resource: 'job_products', method: 'PATCH', recordId: 4 }));
    expect(t.queue.hasWaiting('job_products', 4)).toBe(true);
    expect(t.queue.hasWaiting('job_products', 5)).toBe(false);
    expect(t.queue.hasWaiting('time_entries', 4)).toBe(false);
    expect(changes).toBeGreaterThan(0);
  });
  it("sends a write only under the session of the person who made it: another's waits for them", async () => {
    let signedIn: number | null = 7;
    const t = setUp(accept, new MemoryQueueStore(), null, () => signedIn);
    await t.queue.add(write("Ann's hours", { userId: 7 }));
    signedIn = 8; // the phone handed to a colleague, who signs in before it is back online
    await t.queue.add(write("Bob's hours", { userId: 8 }));
    await t.queue.flush();
    expect(t.synced).toEqual(["Bob's hours"]);
    expect(t.queue.writes.map((w) => [w.label, t.queue.heldForAnother(w)])).toEqual([["Ann's hours", true]]);
    signedIn = 7;
    await t.queue.flush();
    expect(t.synced).toEqual(["Bob's hours", "Ann's hours"]);
    expect(t.queue.writes).toEqual([]);
  });

  it('a delete waits behind the change made before it to the same record, and both go in order', async () => {
    const { queue, synced, setServer } = setUp(offline);
    await queue.add(write('Changed 5', { method: 'PATCH', path: '/api/time_entries/5', body: { id: 5, hours: 2 }, recordId: 5 }));
    await queue.add(write('Deleted 5', { method: 'DELETE', path: '/api/time_entries/5', body: {}, recordId: 5 }));
    await queue.add(write('New one'));
    expect(queue.hasWaiting('time_entries', 5)).toBe(true);
    // the change is refused: the delete of the same record waits behind it, the other write goes on
    setServer((w) => (w.method === 'PATCH' ? { kind: 'refused', problem: { status: 409, message: 'changed' } } : accept(w)));
    await queue.flush();
    expect(synced).toEqual(['New one']);
    expect(queue.writes.map((w) => [w.label, Boolean(w.problem)])).toEqual([
      ['Changed 5', true],
      ['Deleted 5', false],
    ]);
    // keep mine: the change, then the delete
    setServer(accept);
    await queue.keepMine(queue.writes[0]!.key);
    expect(synced).toEqual(['New one', 'Changed 5', 'Deleted 5']);
    expect(queue.writes).toEqual([]);
  });
});

describe('provisional ids', () => {
  it('gives each create its own negative id, kept with it, never one already in the queue after a reload', async () => {
    const first = setUp(offline);
    const a = await first.queue.add(write('a'));
    const b = await first.queue.add(write('b'));
    const change = await first.queue.add(write('c', { method: 'PATCH', recordId: 5, body: { id: 5 } }));
    expect([a.provisionalId, b.provisionalId, change.provisionalId]).toEqual([-1, -2, undefined]);
    // the page reloads: the queue is read back, and the next create goes on from the kept ones
    const again = setUp(offline, first.store);
    expect((await again.queue.add(write('d'))).provisionalId).toBe(-3);
    expect(applyKeptWrites<{ id: number }>('time_entries', [], again.queue.writes).map((r) => r.id)).toEqual([-1, -2, -3]);
  });
});

describe('the queue in two tabs of one device (one store)', () => {
  it('a write kept by one tab is never lost by the other, and what one tab sent the other does not send again', async () => {
    const store = new MemoryQueueStore();
    const a = setUp(offline, store);
    const b = setUp(offline, store);
    await Promise.all([a.queue.ready(), b.queue.ready()]);
    await a.queue.add(write('from A'));
    // B has not read A's write: its own goes beside it, not over it
    await b.queue.add(write('from B'));
    expect(store.writes.map((w) => w.label)).toEqual(['from A', 'from B']);
    expect(b.queue.writes.map((w) => w.label)).toEqual(['from A', 'from B']);

    b.setServer(accept);
    await b.queue.flush();
    expect(b.synced).toEqual(['from A', 'from B']);
    expect(store.writes).toEqual([]);
    // A's next round starts from the stored list: nothing left to send
    a.setServer(accept);
    await a.queue.flush();
    expect(a.sent).toEqual([]);
    expect(a.queue.writes).toEqual([]);
  });

  it('a write sent by both tabs at once carries one key both times (the server makes it once)', async () => {
    const store = new MemoryQueueStore();
    const a = setUp(accept, store);
    const b = setUp(accept, store);
    await Promise.all([a.queue.ready(), b.queue.ready()]);
    const kept = await a.queue.add({ ...write('both'), key: 'first-try-key' });
    expect(kept.key).toBe('first-try-key');
    await Promise.all([a.queue.flush(), b.queue.flush()]);
    const keys = [...a.sent, ...b.sent].map((w) => w.key);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys)).toEqual(new Set(['first-try-key']));
    expect(store.writes).toEqual([]);
  });

  it('gives each write a key of its own, random enough to stand for it on the server', async () => {
    const t = setUp(offline);
    const keys = new Set<string>();
    for (let i = 0; i < 50; i++) keys.add((await t.queue.add(write(`w${i}`))).key);
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+-[0-9a-f]{24}$/);
  });
});

describe('kept writes laid over a screen’s records', () => {
  const rows = [
    { id: 5, hours: 1, note: 'a' },
    { id: 6, hours: 2, note: 'b' },
  ];
  const kept = (label: string, over: Partial<QueuedWrite>): QueuedWrite => ({ ...write(label, over), key: label, queuedAt: '2026-11-26T00:00:00Z' });

  it('adds the creates (negative ids, in order), lays changes over their record, and leaves the deleted out', () => {
    const writes = [
      kept('new one', { body: { hours: 3, note: 'c' } }),
      kept('change 5', { method: 'PATCH', body: { id: 5, hours: 4 }, recordId: 5 }),
      kept('delete 6', { method: 'DELETE', body: {}, recordId: 6 }),
      kept('new two', { body: { hours: 7 } }),
      kept('another resource', { resource: 'todo_items', method: 'DELETE', body: {}, recordId: 5 }),
    ];
    expect(applyKeptWrites('time_entries', rows, writes)).toEqual([
      { id: 5, hours: 4, note: 'a', pending: true },
      { id: -1, hours: 3, note: 'c', pending: true },
      { id: -2, hours: 7, pending: true },
    ]);
  });

  it('answers the same records when nothing of the resource waits', () => {
    expect(applyKeptWrites('time_entries', rows, [kept('x', { resource: 'jobs' })])).toBe(rows);
  });
});
