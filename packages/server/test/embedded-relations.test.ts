/**
 * A job's GET embeds its relations, and the job page shows them without asking again (the web
 * kit's DetailSection `relation`): so each embedded relation must be exactly what the section's own
 * list request answers (same rows, order, values and types, guarded fields and scopes), for every
 * role. The queries below are the sections' (job-page.tsx, attachments/*-section.tsx, ResourceTable).
 */
import { ROLES } from '@glazier/shared/permissions';
import { describe, expect, it } from 'vitest';
import { appWithRoles, made, pdfBytes, PNG_DATA_URL, type Client, madeJob } from './harness.ts';
import { CLIENT_COLORS } from '@glazier/shared/resources/people';

const t = appWithRoles();

/** Each primed relation of a job, and the section's request of the same list (a page for a paged table). */
const SECTION_REQUESTS: { relation: string; path: (jobId: number) => string; paged?: true }[] = [
  { relation: 'products', path: (id) => `/api/job_products?job_id=${id}&sort_column=sort` },
  { relation: 'notes', path: (id) => `/api/notes?job_id=${id}&sort_column=created_at&sort_direction=desc` },
  { relation: 'files', path: (id) => `/api/files?job_id=${id}&sort_column=created_at&sort_direction=desc` },
  { relation: 'images', path: (id) => `/api/images?job_id=${id}&sort_column=created_at&sort_direction=asc` },
  { relation: 'pickup_items', path: (id) => `/api/pickup_items?page=1&per_page=20&job_id=${id}`, paged: true },
  { relation: 'events', path: (id) => `/api/events?page=1&per_page=20&sort_column=date&sort_direction=asc&job_id=${id}`, paged: true },
];

async function upload(c: Client, jobId: number, description: string) {
  const res = await c.upload('/api/files', [
    { name: 'description', value: description },
    { name: 'job_id', value: String(jobId) },
    { name: 'file', filename: `${description}.pdf`, data: pdfBytes(description) },
  ]);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A job with children of every kind, made by `c`; several of each so the order shows. */
async function jobWithChildren(c: Client, label: string): Promise<number> {
  const client = await made(c, 'clients', { name: `Client ${label}` });
  const job = await madeJob(c, { number: `EQ-${label}`, name: `Job ${label}`, client_id: client.id, scope_array: ['Mirrors', 'Hardware'] });
  const jobId = job.id as number;
  const series = await made(c, 'series', { name: `Series ${label}` });
  // Two products with the same sort (ordered by name then), one before them; money, lengths, json, dates.
  for (const [name, sort] of [
    ['Mirror B', 1],
    ['Mirror A', 1],
    ['Shelf', 0],
  ] as const) {
    await made(c, 'job_products', {
      job_id: jobId,
      series_id: series.id,
      name,
      sort,
      qty: 2.5,
      default_cost_per_unit: 12.34,
      default_revenue_per_unit: 20,
      glass_width: 35.4375,
      glass_height: 12,
      measure_date: '2026-03-04',
      note: `${name} note`,
      cut_list_json: [{ text: 'top', sub_rows: [{ text: 'left', sub_rows: [] }] }],
      is_measured: sort === 1,
    });
  }
  for (const [i, note] of ['First', 'Second', 'Third'].entries()) {
    await made(c, 'notes', { job_id: jobId, note: `${note} note`, internal_only: i === 1, date: `2026-01-0${i + 1}` });
  }
  await upload(c, jobId, 'Drawing');
  await upload(c, jobId, 'Invoice');
  for (const description of ['Before', 'After', '']) await made(c, 'images', { job_id: jobId, url: PNG_DATA_URL, description });
  for (const [i, status] of (['ready', 'scheduled', 'fabricated'] as const).entries()) {
    await made(c, 'pickup_items', { job_id: jobId, category_name: 'Mirrors', status, reason: 'Shop work', note: `Pickup ${i}`, complete: i === 2 });
  }
  // Events out of date order, two on one day.
  for (const date of ['2026-05-02', '2026-04-01', '2026-05-02', '2026-06-30'])
    await made(c, 'events', { job_id: jobId, date, color: `${CLIENT_COLORS[0]},${CLIENT_COLORS[1]}` });
  return jobId;
}

/** Each embedded relation of the job as `c` reads it equals the section's answer (at least `min` rows each). */
async function expectSameAsSections(c: Client, who: string, jobId: number, min: number) {
  const job = await c.get(`/api/jobs/${jobId}`);
  expect(job.status, who).toBe(200);
  for (const { relation, path, paged } of SECTION_REQUESTS) {
    const list = await c.get(path(jobId));
    if (list.status === 403) {
      expect(job.body[relation], `${who} ${relation}: refused list, yet embedded`).toBeUndefined();
      continue;
    }
    expect(list.status, `${who} ${relation}`).toBe(200);
    const embedded = job.body[relation] as unknown[];
    expect(embedded.length, `${who} ${relation}`).toBeGreaterThanOrEqual(min);
    if (paged) {
      expect(list.body, `${who} ${relation}`).toStrictEqual({
        data: embedded.slice(0, 20),
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: embedded.length,
      });
    } else {
      expect(list.body, `${who} ${relation}`).toStrictEqual({ data: embedded });
    }
  }
}

describe('a job GET embeds each relation exactly as its section lists it', () => {
  it('for every role: same rows, order, values and types; left out where the list is refused', async () => {
    const jobId = await jobWithChildren(t.as.admin, 'A');
    // Children another user made (user-scoped fields: the uploader's own images), and a second job's children (not this job's).
    await made(t.as.supervisor, 'images', { job_id: jobId, url: PNG_DATA_URL, description: 'Supervisor upload' });
    await made(t.as.supervisor, 'notes', { job_id: jobId, note: 'Supervisor note' });
    await jobWithChildren(t.as.admin, 'B');

    for (const role of ROLES) await expectSameAsSections(t.as[role], role, jobId, 2);
  });

  it('for a job in the trash, as the admin who may open it there (its pickup items and events hidden alike)', async () => {
    const jobId = await jobWithChildren(t.as.admin, 'D');
    expect((await t.as.admin.del(`/api/jobs/${jobId}`)).status).toBe(200);
    await expectSameAsSections(t.as.admin, 'admin, deleted job', jobId, 0);
  });

  it('guards and presents the embedded rows as the lists do (costs only for jobs_admin, file and image links)', async () => {
    const jobId = await jobWithChildren(t.as.manager, 'C');
    const admin = (await t.as.admin.get(`/api/jobs/${jobId}`)).body;
    const supervisor = (await t.as.supervisor.get(`/api/jobs/${jobId}`)).body;
    const products = (j: typeof admin) => j.products as Record<string, unknown>[];
    expect(products(admin).map((p) => p.name)).toEqual(['Shelf', 'Mirror A', 'Mirror B']);
    expect(products(admin)[0]).toMatchObject({ cost: 30.85, revenue: 50, qty: 2.5, glass_width: 35.4375 });
    expect(products(supervisor)[0]).not.toHaveProperty('cost');
    expect((admin.files as Record<string, unknown>[])[0]!.url).toMatch(/^\/api\/files\/\d+\/download$/);
    expect((admin.images as Record<string, unknown>[])[0]!.thumb_url).toMatch(/^\/api\/images\/\d+\/thumb$/);
    expect((admin.events as Record<string, unknown>[]).map((e) => e.date)).toEqual(['2026-04-01', '2026-05-02', '2026-05-02', '2026-06-30']);
  });
});
