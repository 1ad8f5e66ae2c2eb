/**
 * An estimate's notes, files and images (docs/domain/jobs.md, Notes, files and images): the estimates area's to read and to
 * write, and Show on Job, which only `edit estimates` changes, puts a note or file on the job the
 * estimate became.
 */
import { describe, expect, it } from 'vitest';
import { appWithRoles, made, pdfBytes, PNG_DATA_URL, type Client, madeJob } from './harness.ts';

const t = appWithRoles();

async function estimateWithRecords(by: Client) {
  const client = await made(by, 'clients', { name: `Harbor Hotel ${Math.random()}` });
  const estimate = await made(by, 'estimates', { client_id: client.id, name: 'Lobby mirrors' });
  const note = await made(by, 'notes', { estimate_id: estimate.id, note: 'Bring the lift', show_on_job: true });
  const hidden = await made(by, 'notes', { estimate_id: estimate.id, note: 'Our margin is thin', internal_only: true });
  const file = await by.upload('/api/files', [
    { name: 'description', value: 'Drawing' },
    { name: 'estimate_id', value: String(estimate.id) },
    { name: 'show_on_job', value: 'true' },
    { name: 'file', filename: 'd.pdf', data: pdfBytes('drawing') },
  ]);
  expect(file.status).toBe(201);
  const image = await made(by, 'images', { estimate_id: estimate.id, url: PNG_DATA_URL, description: 'Lobby wall' });
  return { client, estimate, note, hidden, file: file.body, image };
}

describe('show_on_job', () => {
  it('is set by `edit estimates`, and kept as it was when anyone else sends it', async () => {
    const { manager, supervisor } = t.as;
    const { client, note, file } = await estimateWithRecords(manager);
    expect(note.show_on_job).toBe(true);
    expect(file.show_on_job).toBe(true);

    // a supervisor (jobs: edit, estimates: view) may write a job's note, but not its toggle
    const job = await madeJob(manager, { client_id: client.id, name: 'Lobby' });
    const created = await supervisor.post('/api/notes', { job_id: job.id, note: 'Mine', show_on_job: true });
    expect(created.status).toBe(201);
    expect(created.body.show_on_job).toBe(false);
    const mgrNote = await made(manager, 'notes', { job_id: job.id, note: 'Theirs', show_on_job: true });
    const edited = await supervisor.patch(`/api/notes/${mgrNote.id}`, { note: 'Theirs, edited', show_on_job: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ note: 'Theirs, edited', show_on_job: true });

    const off = await manager.patch(`/api/notes/${note.id}`, { show_on_job: false });
    expect(off.body.show_on_job).toBe(false);
    const fileOff = await manager.patch(`/api/files/${file.id}`, { show_on_job: false });
    expect(fileOff.body.show_on_job).toBe(false);
  });
});

describe("an estimate's notes, files and images", () => {
  it('are not there for a reader without `view estimates`: not by id, in lists, downloads or history', async () => {
    const { manager, employee } = t.as;
    const { estimate, note, hidden, file, image } = await estimateWithRecords(manager);
    expect((await employee.get(`/api/estimates/${estimate.id}`)).status).toBe(403);
    for (const url of [
      `/api/notes/${note.id}`,
      `/api/notes/${hidden.id}`,
      `/api/files/${file.id}`,
      `/api/files/${file.id}/download`,
      `/api/images/${image.id}`,
      `/api/images/${image.id}/full`,
      `/api/history/notes/${note.id}`,
      `/api/history/files/${file.id}`,
    ]) {
      expect([url, (await employee.get(url)).status]).toEqual([url, 404]);
    }
    for (const list of ['notes', 'files', 'images']) {
      const res = await employee.get(`/api/${list}?estimate_id=${estimate.id}`);
      expect(res.status).toBe(200);
      expect([list, res.body.data]).toEqual([list, []]);
    }
    // the manager reads all of them
    expect((await manager.get(`/api/notes?estimate_id=${estimate.id}`)).body.data).toHaveLength(2);
    expect((await manager.get(`/api/files/${file.id}/download`)).status).toBe(200);
    expect((await manager.get(`/api/images/${image.id}/full`)).status).toBe(200);
  });

  it('are read by `view estimates` and written only by `edit estimates`', async () => {
    const { manager, supervisor } = t.as;
    const { estimate, note, file, image } = await estimateWithRecords(manager);
    expect((await supervisor.get(`/api/notes/${note.id}`)).status).toBe(200);
    expect((await supervisor.get(`/api/files/${file.id}/download`)).status).toBe(200);
    expect((await supervisor.get(`/api/images/${image.id}`)).status).toBe(200);

    expect((await supervisor.post('/api/notes', { estimate_id: estimate.id, note: 'Mine' })).status).toBe(403);
    expect((await supervisor.patch(`/api/notes/${note.id}`, { note: 'Changed' })).status).toBe(403);
    expect((await supervisor.del(`/api/notes/${note.id}`)).status).toBe(403);
    expect((await supervisor.patch(`/api/files/${file.id}`, { description: 'Changed' })).status).toBe(403);
    expect((await supervisor.del(`/api/files/${file.id}`)).status).toBe(403);
    expect((await supervisor.patch(`/api/images/${image.id}`, { description: 'Changed' })).status).toBe(403);
    expect((await supervisor.del(`/api/images/${image.id}`)).status).toBe(403);
    const upload = await supervisor.upload('/api/files', [
      { name: 'description', value: 'Mine' },
      { name: 'estimate_id', value: String(estimate.id) },
      { name: 'file', filename: 'm.pdf', data: pdfBytes('mine') },
    ]);
    expect(upload.status).toBe(403);
    // nor may one be moved off the estimate's rule by putting it on a job of theirs, or back
    expect((await supervisor.patch(`/api/notes/${note.id}`, { estimate_id: null })).status).toBe(403);
    expect((await manager.get(`/api/notes/${note.id}`)).body).toMatchObject({ note: 'Bring the lift', estimate_id: estimate.id });

    expect((await manager.patch(`/api/notes/${note.id}`, { note: 'Bring the big lift' })).status).toBe(200);
    expect((await manager.del(`/api/images/${image.id}`)).status).toBe(200);
  });
});

describe('on the job an estimate became', () => {
  it('its Show on Job notes and files show with the job’s own, in the GET and in the list, to every reader of the job', async () => {
    const { manager, supervisor, employee } = t.as;
    const { client, estimate, note, hidden, file, image } = await estimateWithRecords(manager);
    const job = await madeJob(manager, { client_id: client.id, name: 'Lobby' });
    const own = await made(manager, 'notes', { job_id: job.id, note: 'Gate code 1234' });
    const notesOf = (rows: unknown) => (rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);

    // not yet a job's estimate: the job shows its own only
    expect(notesOf((await manager.get(`/api/jobs/${job.id}`)).body.notes)).toEqual([own.id]);

    expect((await manager.patch(`/api/estimates/${estimate.id}`, { job_id: job.id })).status).toBe(200);
    for (const [who, reader] of [
      ['manager', manager],
      ['supervisor', supervisor],
      ['employee', employee],
    ] as const) {
      const read = (await reader.get(`/api/jobs/${job.id}`)).body;
      // the shown note and file, not the other note, and no image (images have no Show on Job)
      expect([who, notesOf(read.notes)]).toEqual([who, notesOf([note, own])]);
      expect([who, notesOf(read.files)]).toEqual([who, [file.id]]);
      expect([who, notesOf(read.images)]).toEqual([who, []]);
      // the job page's list asks the relation's query and gets the same rows in the same order
      const list = (await reader.get(`/api/notes?on_job=${job.id}&sort_column=created_at&sort_direction=desc`)).body.data ?? [];
      expect([who, list.map((r) => r.id)]).toEqual([who, (read.notes as { id: number }[]).map((r) => r.id)]);
    }
    // the employee reads the shown ones through the job, and still not the estimate's others
    expect((await employee.get(`/api/notes/${note.id}`)).status).toBe(200);
    expect((await employee.get(`/api/files/${file.id}/download`)).status).toBe(200);
    expect((await employee.get(`/api/notes/${hidden.id}`)).status).toBe(404);
    expect((await employee.get(`/api/images/${image.id}`)).status).toBe(404);
    // and the supervisor, who may edit the job's notes, may not edit the estimate's shown on it
    expect((await supervisor.patch(`/api/notes/${note.id}`, { note: 'Changed' })).status).toBe(403);

    // turned off, it leaves the job
    await manager.patch(`/api/notes/${note.id}`, { show_on_job: false });
    expect(notesOf((await employee.get(`/api/jobs/${job.id}`)).body.notes)).toEqual([own.id]);
    expect((await employee.get(`/api/notes/${note.id}`)).status).toBe(404);
    expect((await manager.get('/api/notes?on_job=abc')).body.data).toEqual([]);
  });
});
