import { DEFAULT_ROLE_MATRIX } from '@glazier/shared/permissions';
import type { RecordOf } from '@glazier/shared/resources/records';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../resource-kit/session-user.ts';
import { StackGrabber, json, makeQueryClient, mockFetch, renderWithProviders } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openJobDialog } from './job-dialog.tsx';

function setup(role: 'manager' | 'supervisor') {
  const client = makeQueryClient();
  client.setQueryData(SESSION_KEY, { id: 1, name: 'Pat', email: 'p@example.com', role, permissions: DEFAULT_ROLE_MATRIX[role] });
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  return () => api;
}

async function firstFound<T>(find: () => T | undefined): Promise<T> {
  let found: T | undefined;
  await waitFor(() => {
    found = find();
    expect(found).toBeTruthy();
  });
  return found!;
}

const job = { id: 5, updated_at: '2026-11-20T10:00:00Z', number: 'J-5', name: 'Lobby', client_id: null, active: true, scope_array: [], burden_rate: 30 } as unknown as RecordOf<'jobs'>;

describe('Job dialog', () => {
  it('starts a new job with the burden rate setting and sends the admin fields for a manager', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/settings') return json({ data: [{ id: 1, name: 'burden_rate', value: '42.5' }] });
      if (url.pathname === '/api/jobs' && init.method === 'POST') return json({ id: 9, ...JSON.parse(String(init.body)) }, 201);
      if (init.method === 'GET') return json({ data: [] });
      return undefined;
    });
    const stack = setup('manager');
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

  it('neither shows nor sends the admin fields without edit jobs_admin', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/jobs/5' && init.method === 'PATCH') return json({ ...job, ...JSON.parse(String(init.body)) });
      if (init.method === 'GET') return json({ data: [] });
      return undefined;
    });
    const stack = setup('supervisor');
    act(() => {
      void openJobDialog(stack(), { record: job });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job' });
    expect(within(dialog).queryByRole('textbox', { name: 'Burden rate' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Invoice amount' })).toBeNull();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const patch = await firstFound(() => calls.find((c) => c.method === 'PATCH'));
    expect(patch.body).toMatchObject({ number: 'J-5' });
    for (const key of ['burden_rate', 'additional_costs', 'additional_revenues', 'invoice_amount']) expect(patch.body).not.toHaveProperty(key);
  });
});
