/**
 * A named write's history comes from its mechanism (engine/named-write.ts;
 * docs/architecture.md, Named writes): a change that writes its record by hand, with no audit helper,
 * still leaves the record's audit row and live notice; a change that leaves the record as it was,
 * or only touches its `updated_at`, leaves none; a refused change leaves nothing; the writer's own
 * writes record themselves; and the record is read as the caller may read it (403, 404).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import type { Ctx } from '../src/engine/context.ts';
import { ApiError } from '../src/engine/errors.ts';
import { changeRecord, namedWrite } from '../src/engine/named-write.ts';
import { sessionUserFor } from '../src/platform/auth.ts';
import { appWithRoles, madeJob } from './harness.ts';
import { openStream, type Stream } from './live-stream.ts';

const { env, ids, as } = appWithRoles();

const ctxOf = async (role: 'manager' | 'employee'): Promise<Ctx> => ({ db: env.db, user: await sessionUserFor(env.db, ids[role].id) });
const auditOf = (resource: string, id: unknown) =>
  env.db.query<{ action: string; user_id: number | null; before: Row | null; after: Row | null }>(
    'SELECT action, user_id, before, after FROM audit_log WHERE resource = $1 AND record_id = $2 ORDER BY id',
    [resource, id],
  );

describe('a named write', () => {
  const streams: Stream[] = [];
  afterAll(() => streams.forEach((s) => s.close()));

  it('records its record changed by hand (no audit helper): the audit row, before and after, and the live notice', async () => {
    const stream = await openStream(as.manager, env.app);
    streams.push(stream);
    const job = await madeJob(as.manager, { name: 'Harbour view' });
    const ctx = await ctxOf('manager');
    const answer = await changeRecord(ctx, { resource: 'jobs', id: job.id as number, action: 'rename' }, async (w, before) => {
      expect(before.name).toBe('Harbour view'); // locked and read for the change
      await w.ctx.db.query('UPDATE jobs SET name = $1, updated_at = now() WHERE id = $2', ['Harbour view, phase 2', job.id]);
      return 'done';
    });
    expect(answer).toBe('done');
    const rows = (await auditOf('jobs', job.id)).filter((r) => r.action === 'rename');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: ids.manager.id, before: { name: 'Harbour view' }, after: { name: 'Harbour view, phase 2' } });
    const notice = await stream.change((c) => c.resource === 'jobs' && c.id === job.id && c.action === 'rename');
    expect(notice.by).toEqual({ id: ids.manager.id, name: expect.any(String) });
  });

  it('writes no row for a record left as it was, or only touched (updated_at), and none for a refused change', async () => {
    const job = await madeJob(as.manager);
    const ctx = await ctxOf('manager');
    const target = { resource: 'jobs' as const, id: job.id as number, action: 'rename' };
    await changeRecord(ctx, target, async () => undefined);
    await changeRecord(ctx, target, (w) => w.ctx.db.query('UPDATE jobs SET updated_at = now() WHERE id = $1', [job.id]));
    const refused = changeRecord(ctx, target, async (w) => {
      await w.ctx.db.query('UPDATE jobs SET name = $1 WHERE id = $2', ['Never kept', job.id]);
      throw new ApiError(409, 'Refused.');
    });
    await expect(refused).rejects.toMatchObject({ status: 409 });
    expect((await auditOf('jobs', job.id)).map((r) => r.action)).toEqual(['create']);
    const [stored] = await env.db.query<{ name: string }>('SELECT name FROM jobs WHERE id = $1', [job.id]);
    expect(stored!.name).toBe(job.name);
  });

  it('records what the change wrote by hand after the writer recorded its record', async () => {
    const job = await madeJob(as.manager, { name: 'Quay' });
    const ctx = await ctxOf('manager');
    await changeRecord(ctx, { resource: 'jobs', id: job.id as number, action: 'rename' }, async (w) => {
      await w.update('jobs', job.id as number, { name: 'Quay North' }, { action: 'rename' });
      await w.ctx.db.query('UPDATE jobs SET address = $1 WHERE id = $2', ['1 Quay St', job.id]);
    });
    const rows = (await auditOf('jobs', job.id)).filter((r) => r.action === 'rename');
    expect(rows.map((r) => [r.before?.name, r.after?.name, r.after?.address])).toEqual([
      ['Quay', 'Quay North', job.address ?? null],
      ['Quay North', 'Quay North', '1 Quay St'],
    ]);
  });

  it("records the writer's own writes, each with its row", async () => {
    const job = await madeJob(as.manager);
    const ctx = await ctxOf('manager');
    const product = await namedWrite(ctx, (w) => w.insert('job_products', { job_id: job.id, name: 'Mirror', qty: 2 }, { action: 'copy' }));
    const renamed = await namedWrite(ctx, (w) => w.update('job_products', product.id, { name: 'Round mirror' }));
    expect(renamed.name).toBe('Round mirror');
    const rows = await auditOf('job_products', product.id);
    expect(rows.map((r) => [r.action, r.before?.name ?? null, r.after?.name ?? null])).toEqual([
      ['copy', null, 'Mirror'],
      ['update', 'Mirror', 'Round mirror'],
    ]);
  });

  it('reads its record as the caller may: 403 without the read right, 404 when there is none', async () => {
    const employee = await ctxOf('employee');
    await expect(changeRecord(employee, { resource: 'estimates', id: 1, action: 'status' }, async () => undefined)).rejects.toMatchObject({ status: 403 });
    const manager = await ctxOf('manager');
    await expect(changeRecord(manager, { resource: 'jobs', id: 999_999, action: 'rename' }, async () => undefined)).rejects.toMatchObject({ status: 404 });
  });
});
