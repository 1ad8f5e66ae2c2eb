/**
 * get() keeps its statement (the record and its relations) per caller shape (issue 9): whoever asked
 * before, each caller is answered by their own rights: the relations they may read, and deleted
 * records only for those who may see the trash.
 */
import { describe, expect, it } from 'vitest';
import { appWithRoles, made, madeJob } from './harness.ts';

const { as } = appWithRoles();

describe('get one, answered by the caller rights whoever asked before', () => {
  it('embeds only the relations the caller may read, in any order of callers', async () => {
    const job = await madeJob(as.manager, { number: 'GS-1', name: 'Kept statement job' });
    const bom = await made(as.manager, 'boms', { name: 'GS bom', job_id: job.id });
    const other = await madeJob(as.manager, { number: 'GS-2', name: 'Second job' });
    for (const [role, seesBom] of [
      ['employee', false],
      ['supervisor', true],
      ['employee', false],
      ['admin', true],
      ['employee', false],
    ] as const) {
      for (const id of [job.id, other.id]) {
        const res = await as[role].get(`/api/jobs/${id}`);
        expect(res.status, role).toBe(200);
        expect(res.body.id).toBe(id);
        expect('bom' in res.body, `${role} bom`).toBe(seesBom);
        if (seesBom) expect((res.body.bom as { id?: unknown } | null)?.id ?? null).toBe(id === job.id ? bom.id : null);
      }
    }
  });

  it('shows a deleted record only to who may see the trash, in any order of callers', async () => {
    const job = await madeJob(as.manager, { number: 'GS-3', name: 'Deleted job' });
    expect((await as.manager.del(`/api/jobs/${job.id}`)).status).toBe(200);
    for (const [role, status] of [
      ['admin', 200],
      ['supervisor', 404],
      ['manager', 200],
      ['employee', 404],
      ['admin', 200],
    ] as const) {
      const res = await as[role].get(`/api/jobs/${job.id}`);
      expect(res.status, role).toBe(status);
      if (status === 200) expect(res.body.id).toBe(job.id);
    }
  });
});
