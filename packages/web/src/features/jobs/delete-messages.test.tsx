/** a job's delete message promises only what the user can do. */
import type { Role } from '@glazier/shared/permissions';
import type { RecordOf } from '@glazier/shared/resources/records';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openJobDialog } from './job-dialog.tsx';
import { jobDeletedMessage } from './job-trash.tsx';

const job = {
  id: 5,
  updated_at: '2026-11-20T10:00:00Z',
  number: 'J-5',
  name: 'Lobby',
  client_id: null,
  active: true,
  scope_array: [],
} as unknown as RecordOf<'jobs'>;

function setup(role: Role) {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, signedInQueryClient(role));
  return () => api;
}

/** Delete in the dialog, then yes in the confirmation. */
async function deleteIn(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByTestId('confirm-dialog');
  await userEvent.click(within(confirm).getByRole('button', { name: /^(Confirm|Delete)$/ }));
}

const server = () =>
  mockFetch((url, init) => {
    if (init.method === 'DELETE') return json({ id: Number(url.pathname.split('/').at(-1)) });
    if (init.method === 'GET') return json({ data: [] });
    return undefined;
  });

describe('delete messages', () => {
  it('tells a supervisor who can restore a deleted job, not to look in a trash they cannot open', async () => {
    server();
    const stack = setup('supervisor');
    act(() => void openJobDialog(stack(), { record: job }));
    await deleteIn(await screen.findByRole('dialog', { name: 'Edit Job' }));
    const notice = await screen.findByText('Job deleted. An admin or a manager can restore it from the trash within 30 days.');
    expect(notice).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'trash' })).toBeNull();
  });

  it('tells a manager the job can be restored from the trash, with the way there', async () => {
    server();
    const stack = setup('manager');
    act(() => void openJobDialog(stack(), { record: job }));
    await deleteIn(await screen.findByRole('dialog', { name: 'Edit Job' }));
    const link = await screen.findByRole('link', { name: 'trash' });
    expect(link.getAttribute('href')).toBe('/jobs/trash');
    expect(link.closest('.mantine-Notification-root')?.textContent).toContain('Job deleted. It can be restored from the trash for 30 days.');
    expect(jobDeletedMessage(true)).toBe('Job deleted. It can be restored from the trash for 30 days.');
  });
});
