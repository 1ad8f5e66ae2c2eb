/**
 * get() keeps its statement (the record and its relations) per caller shape: whoever asked
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

describe('lists and pages keep their statement per shape, answered by the caller scope and values', () => {
  it('answers each caller by their own record scope and each call by its own values, in any order', async () => {
    const jobs = [await madeJob(as.manager, { number: 'GS-4', name: 'Listed job' }), await madeJob(as.manager, { number: 'GS-5', name: 'Other job' })];
    // an employee's scope is their own entries; a supervisor edits time entries, so sees everyone's
    const own = await made(as.employee, 'time_entries', { job_id: jobs[0]!.id, date: '2026-03-02', hours: 2 });
    const others = await made(as.supervisor, 'time_entries', { job_id: jobs[0]!.id, date: '2026-03-03', hours: 3 });
    const onOther = await made(as.supervisor, 'time_entries', { job_id: jobs[1]!.id, date: '2026-03-04', hours: 4 });
    const expected = {
      employee: [[own.id], []],
      supervisor: [[others.id, own.id], [onOther.id]],
    };
    for (const role of ['employee', 'supervisor', 'employee', 'supervisor'] as const) {
      for (const [i, job] of jobs.entries()) {
        const listed = await as[role].get(`/api/time_entries?job_id=${job.id}&sort_column=date&sort_direction=desc`);
        expect(listed.status, role).toBe(200);
        expect(
          (listed.body.data as { id: number }[]).map((r) => r.id),
          `${role} job ${i}`,
        ).toEqual(expected[role][i]);
        // the same shape as a page: first page, then one past the end (its total counted alone)
        const first = await as[role].get(`/api/time_entries?job_id=${job.id}&page=1&per_page=1`);
        expect(first.body.total, `${role} job ${i} total`).toBe(expected[role][i]!.length);
        const past = await as[role].get(`/api/time_entries?job_id=${job.id}&page=5&per_page=1`);
        expect(past.body).toMatchObject({ data: [], total: expected[role][i]!.length, current_page: 5 });
      }
    }
  });

  it('binds a typed value as a value, whatever its text', async () => {
    const job = await madeJob(as.manager, { number: 'GS-6', name: 'O\'Brien\'s "quoted" job' });
    for (const search of ["O'Brien", '"quoted"', "x' OR '1'='1", 'GS-6']) {
      const found = await as.manager.get(`/api/jobs?search=${encodeURIComponent(search)}&status=all&page=1&per_page=20`);
      expect(found.status, search).toBe(200);
      const ids = (found.body.data as { id: number }[]).map((r) => r.id);
      if (search.startsWith('x')) expect(ids, search).not.toContain(job.id);
      else expect(ids, search).toContain(job.id);
    }
  });
});
