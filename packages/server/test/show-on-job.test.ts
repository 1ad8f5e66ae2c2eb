/** Show on Job of an estimate's notes and files (domain.md 6): only `edit estimates` changes it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleUsers, signedIn, startTestApp, pdfBytes, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let manager: Client;
let supervisor: Client;

beforeAll(async () => {
  env = await startTestApp();
  await createRoleUsers(env.db);
  manager = await signedIn(env.app, 'manager@test.local');
  supervisor = await signedIn(env.app, 'supervisor@test.local');
});
afterAll(async () => {
  await env?.close();
});

describe('show_on_job', () => {
  it('is set by `edit estimates` on notes and files, and kept as it was when anyone else sends it', async () => {
    const client = (await manager.post('/api/clients', { name: 'Harbor Hotel' })).body;
    const estimate = (await manager.post('/api/estimates', { client_id: client.id, name: 'Lobby mirrors' })).body;
    expect(estimate.id).toBeTypeOf('number');
    const note = await manager.post('/api/notes', { estimate_id: estimate.id, note: 'Bring the lift', show_on_job: true });
    expect(note.status).toBe(201);
    expect(note.body.show_on_job).toBe(true);
    const file = await manager.upload('/api/files', [
      { name: 'description', value: 'Drawing' },
      { name: 'estimate_id', value: String(estimate.id) },
      { name: 'show_on_job', value: 'true' },
      { name: 'file', filename: 'd.pdf', data: pdfBytes('drawing') },
    ]);
    expect(file.status).toBe(201);
    expect(file.body.show_on_job).toBe(true);

    // a supervisor (jobs: edit, estimates: view) edits the note's text, but not the toggle
    const edited = await supervisor.patch(`/api/notes/${note.body.id}`, { note: 'Bring the big lift', show_on_job: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ note: 'Bring the big lift', show_on_job: true });
    const fileEdit = await supervisor.patch(`/api/files/${file.body.id}`, { description: 'Drawing v2', show_on_job: false });
    expect(fileEdit.body).toMatchObject({ description: 'Drawing v2', show_on_job: true });
    const created = await supervisor.post('/api/notes', { estimate_id: estimate.id, note: 'Mine', show_on_job: true });
    expect(created.body.show_on_job).toBe(false);

    const off = await manager.patch(`/api/notes/${note.body.id}`, { show_on_job: false });
    expect(off.body.show_on_job).toBe(false);
  });
});
