import type { RecordOf } from '@glazier/shared/resources/records';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { registerRecordDialogs } from '../../resource-kit/forms/record-dialogs.ts';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openDuplicateJobDialog, openJobDialog } from './job-dialog.tsx';

async function firstFound<T>(find: () => T | undefined): Promise<T> {
  let found: T | undefined;
  await waitFor(() => {
    found = find();
    expect(found).toBeTruthy();
  });
  return found!;
}

const job = {
  id: 5,
  updated_at: '2026-11-20T10:00:00Z',
  number: 'J-5',
  name: 'Lobby',
  client_id: null,
  active: true,
  scope_array: [],
  burden_rate: 30,
} as unknown as RecordOf<'jobs'>;

/** The server of an Edit Job: job 5 is saved back as sent, every list is empty. */
function jobServer() {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  return mockFetch((url, init) => {
    if (url.pathname === '/api/jobs/5' && init.method === 'PATCH') return json({ ...job, ...JSON.parse(String(init.body)) });
    if (init.method === 'GET') return json({ data: [] });
    return undefined;
  });
}

describe('Job dialog', () => {
  it('starts a new job with the burden rate setting and sends the admin fields for a manager', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/settings') return json({ data: [{ id: 1, name: 'burden_rate', value: '42.5' }] });
      if (url.pathname === '/api/jobs' && init.method === 'POST') return json({ id: 9, ...JSON.parse(String(init.body)) }, 201);
      if (init.method === 'GET') return json({ data: [] });
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => {
      void openJobDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Job' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Number' }), 'J-9');
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Burden rate' }) as HTMLInputElement).value).toBe('$42.50'));
    expect(within(dialog).queryByRole('switch', { name: 'Active' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const post = await firstFound(() => calls.find((c) => c.method === 'POST'));
    expect(post.body).toMatchObject({ number: 'J-9', burden_rate: 42.5, active: true });
  });

  it("holds the job's rule across fields before sending: an end before the start shows under End date, and nothing is sent", async () => {
    const calls = jobServer();
    const stack = renderModalStack('supervisor');
    act(() => {
      void openJobDialog(stack(), { record: { ...job, start_date: '2026-03-02', end_date: '2020-01-01' } as RecordOf<'jobs'> });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The end date cannot be before the start date.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('neither shows nor sends the admin fields without edit jobs_admin', async () => {
    const calls = jobServer();
    const stack = renderModalStack('supervisor');
    act(() => {
      void openJobDialog(stack(), { record: job });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    expect(within(dialog).queryByRole('textbox', { name: 'Burden rate' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Invoice amount' })).toBeNull();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeTruthy();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Number' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Number' }), 'J-6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const patch = await firstFound(() => calls.find((c) => c.method === 'PATCH'));
    // what was changed, with the record's id and version, and nothing else
    expect(patch.body).toEqual({ id: job.id, updated_at: job.updated_at, number: 'J-6' });
    for (const key of ['burden_rate', 'additional_costs', 'additional_revenues', 'invoice_amount']) expect(patch.body).not.toHaveProperty(key);
  });

  it('refuses a job template of another client with a field error; a new client clears only a template of another client', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const clients = [
      { id: 1, name: 'Alpha Glass', active: true },
      { id: 2, name: 'Beta Mirrors', active: true },
    ];
    const templates = [
      { id: 7, name: 'Beta shower', client_id: 2, category_template_id: null, is_template: true },
      { id: 8, name: 'Alpha shower', client_id: 1, category_template_id: null, is_template: true },
      { id: 9, name: 'Shared shower', client_id: null, category_template_id: null, is_template: true },
    ];
    const page = (data: unknown[]) => json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
    const calls = mockFetch((url, init) => {
      const q = (url.searchParams.get('search') ?? '').toLowerCase();
      const template = templates.find((t) => url.pathname === `/api/job_templates/${t.id}`);
      if (template) return json(template);
      if (url.pathname === '/api/job_templates') return page(templates.filter((t) => t.name.toLowerCase().includes(q)));
      if (url.pathname === '/api/clients') return page(clients.filter((c) => c.name.toLowerCase().includes(q)));
      if (url.pathname === '/api/jobs' && init.method === 'POST') return json({ id: 10, ...JSON.parse(String(init.body)) }, 201);
      if (init.method === 'GET') return json({ data: [] });
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => {
      void openJobDialog(stack(), { initial: { client_id: 1 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Job' });
    const picker = within(dialog).getByRole('combobox', { name: 'Job template' });
    const pick = async (input: HTMLElement, typed: string, option: string) => {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      await userEvent.click(await screen.findByRole('option', { name: new RegExp(option) }));
    };

    // another client's template: refused at once, under the field
    await pick(picker, 'Be', 'Beta shower');
    expect(await within(dialog).findByText('This job template belongs to another client.')).toBeTruthy();
    expect((picker as HTMLInputElement).value).toBe('');

    // the client's own template is taken; a new client clears it
    await pick(picker, 'Al', 'Alpha shower');
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Alpha shower'));
    const clientPicker = within(dialog).getByRole('combobox', { name: 'Client' });
    await pick(clientPicker, 'Be', 'Beta Mirrors');
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe(''));

    // a template of no client fits every client: a new client keeps it
    await pick(picker, 'Sh', 'Shared shower');
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Shared shower'));
    await pick(clientPicker, 'Al', 'Alpha Glass');
    await waitFor(() => expect((clientPicker as HTMLInputElement).value).toBe('Alpha Glass'));
    expect((picker as HTMLInputElement).value).toBe('Shared shower');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const post = await firstFound(() => calls.find((c) => c.method === 'POST'));
    expect(post.body).toMatchObject({ client_id: 1, job_template_id: 9 });
    // (several pickers' searches with real timers: seconds on a machine shared with other runs)
  }, 60_000);

  it('offers Add New Client only to whoever may edit clients', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const page = json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
    mockFetch((_url, init) => (init.method === 'GET' ? page.clone() : undefined));
    registerRecordDialogs({ clients: async () => async () => null });
    onTestFinished(() => registerRecordDialogs({}));
    const typeClient = async (role: 'manager' | 'supervisor') => {
      const stack = renderModalStack(role);
      act(() => {
        void openJobDialog(stack());
      });
      const dialog = await screen.findByRole('dialog', { name: 'Add Job' });
      await userEvent.type(within(dialog).getByRole('combobox', { name: 'Client' }), 'Zeta');
      return dialog;
    };
    // a manager edits clients: the row is there once the search has found nothing
    await typeClient('manager');
    expect(await screen.findByRole('option', { name: /Add New Client Zeta/ })).toBeTruthy();
    cleanup();
    // a supervisor edits jobs but only views clients: the search settles with no such row
    await typeClient('supervisor');
    expect(await screen.findByText('No matches')).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Add New Client/ })).toBeNull();
  }, 30_000);

  it('Duplicate starts from the job with the number cleared, copies nothing on Cancel, and makes the copy with the values on Save', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/jobs/5/duplicate' && init.method === 'POST') return json({ ...job, id: 6, ...JSON.parse(String(init.body)) }, 201);
      if (init.method === 'GET') return json({ data: [] });
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result: Promise<unknown> | undefined;
    act(() => {
      result = openDuplicateJobDialog(stack(), job);
    });
    let dialog = await screen.findByRole('dialog', { name: 'Duplicate Job' });
    expect((within(dialog).getByRole('textbox', { name: 'Number' }) as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Lobby');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await result).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    act(() => {
      result = openDuplicateJobDialog(stack(), job);
    });
    dialog = await screen.findByRole('dialog', { name: 'Duplicate Job' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Number' }), 'J-6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await result).toMatchObject({ id: 6, number: 'J-6' });
    expect(await screen.findByText('Job duplicated.')).toBeTruthy();
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/jobs/5/duplicate']);
    expect(writes[0]!.body).toMatchObject({ number: 'J-6', name: 'Lobby', burden_rate: 30, active: true });
    expect(writes[0]!.body).not.toHaveProperty('id');
  });
});
