import type { Role } from '@glazier/shared/permissions';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordOf } from '@glazier/shared/resources/records';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { DELETE_USER_CONFIRMATION, openUserDialog } from './user-dialog.tsx';

// Dialog flows with real timers (debounce, transitions) take seconds on a busy machine.

const STAMP = '2025-01-01T00:00:00.000Z';
type User = RecordOf<'users'>;
const self: User = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  number: '',
  role: 'admin',
  active: true,
  can_be_scheduled: false,
  branch_id: null,
  branch_access: [],
  updated_at: STAMP,
};
const other: User = {
  id: 2,
  name: 'Pat Installer',
  email: 'pat@example.com',
  number: '15035550000',
  role: 'employee',
  active: true,
  can_be_scheduled: false,
  branch_id: null,
  branch_access: [],
  updated_at: STAMP,
};

function open(role: Role, props: Parameters<typeof openUserDialog>[1] = {}) {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  const client = signedInQueryClient(role);
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  let result!: Promise<User | null>;
  act(() => {
    result = openUserDialog(api, props);
  });
  return { result, dialog: () => screen.findByTestId('user-dialog') };
}

const input = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
const roleInput = (dialog: HTMLElement) => within(dialog).queryByRole('combobox', { name: 'Role' }) as HTMLInputElement | null;
const scheduled = (dialog: HTMLElement) => within(dialog).getByRole('checkbox', { name: /Can be scheduled/ }) as HTMLInputElement;

const passwordFields = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByLabelText(/password/i)
    .filter((e) => e.tagName === 'INPUT');

describe('User dialog', () => {
  it('a new user: password fields shown, supervisor forces can_be_scheduled, phone digits formatted; saves all of it', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/users' && init.method === 'POST') return json({ id: 9, ...JSON.parse(String(init.body)), updated_at: STAMP }, 201);
      return undefined;
    });
    const { result, dialog } = open('admin');
    const d = await dialog();
    expect(d).toBe(screen.getByRole('dialog', { name: 'Add User' }));
    expect(passwordFields(d)).toHaveLength(2);
    expect(within(d).queryByRole('button', { name: 'Change Password' })).toBeNull();
    expect(within(d).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(d).queryByRole('switch', { name: 'Active' })).toBeNull();

    await userEvent.type(input(d, 'Name'), 'Sam Supervisor');
    await userEvent.type(input(d, 'Email'), 'sam@example.com');
    await userEvent.type(input(d, 'Phone'), '5035551234');
    expect(input(d, 'Phone').value).toBe('(503) 555-1234');

    expect(scheduled(d).checked).toBe(false);
    expect(scheduled(d).disabled).toBe(false);
    await userEvent.click(roleInput(d)!);
    await userEvent.click(await screen.findByRole('option', { name: 'Supervisor', hidden: true }));
    expect(roleInput(d)!.value).toBe('Supervisor');
    expect(scheduled(d).checked).toBe(true);
    expect(scheduled(d).disabled).toBe(true);

    const [password, confirmation] = passwordFields(d);
    await userEvent.type(password!, 'long-enough-1');
    await userEvent.type(confirmation!, 'long-enough-1');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));

    await expect(result).resolves.toMatchObject({ id: 9, name: 'Sam Supervisor' });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Sam Supervisor',
      email: 'sam@example.com',
      number: '15035551234',
      role: 'supervisor',
      can_be_scheduled: true,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
  });

  it('editing oneself: no role picker, no Delete, password fields only after Change Password; the role is not sent', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/users/1' && init.method === 'PATCH') return json({ ...self, ...JSON.parse(String(init.body)) });
      return undefined;
    });
    const { result, dialog } = open('admin', { record: self, title: 'Profile' });
    const d = await dialog();
    expect(d).toBe(screen.getByRole('dialog', { name: 'Profile' }));
    expect(roleInput(d)).toBeNull();
    expect(within(d).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(d).queryByRole('switch', { name: 'Active' })).toBeNull();
    expect(passwordFields(d)).toHaveLength(0);

    await userEvent.click(within(d).getByRole('button', { name: 'Change Password' }));
    expect(passwordFields(d)).toHaveLength(2);
    expect(within(d).queryByRole('button', { name: 'Change Password' })).toBeNull();
    const [password, confirmation] = passwordFields(d);
    await userEvent.type(password!, 'new-secret-22');
    await userEvent.type(confirmation!, 'new-secret-22');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 1 });
    const sent = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 1, password: 'new-secret-22', password_confirmation: 'new-secret-22' });
    expect(sent).not.toHaveProperty('role');
  });

  it('without edit users: another user reads as text, titled "User" (not "Edit User"), with no Delete or Save', async () => {
    mockFetch(() => undefined);
    const { dialog } = open('manager', { record: other });
    const d = await dialog();
    expect(d).toBe(screen.getByRole('dialog', { name: 'User' }));
    expect(roleInput(d)).not.toBeNull();
    expect(roleInput(d)!.readOnly).toBe(true);
    expect(roleInput(d)!.value).toBe('Employee');
    // Read-only, not disabled: the values read as text (full contrast), and can be selected.
    for (const name of ['Name', 'Email', 'Phone']) {
      expect(input(d, name).readOnly).toBe(true);
      expect(input(d, name).disabled).toBe(false);
    }
    expect(input(d, 'Name').value).toBe('Pat Installer');
    expect(within(d).getByRole('switch', { name: 'Active' }).getAttribute('aria-readonly')).toBe('true');
    expect(input(d, 'Phone').value).toBe('(503) 555-0000');
    expect(within(d).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(d).queryByRole('button', { name: 'Change Password' })).toBeNull();
    expect(within(d).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(d).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('Profile for an employee: name, email and phone are editable and saved; role and others are not sent', async () => {
    const mine: User = { ...other, id: 1, name: 'Eli Employee', email: 'eli@example.com' };
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/users/1' && init.method === 'PATCH') return json({ ...mine, ...JSON.parse(String(init.body)) });
      return undefined;
    });
    const { result, dialog } = open('employee', { record: mine, title: 'Profile' });
    const d = await dialog();
    expect(d).toBe(screen.getByRole('dialog', { name: 'Profile' }));
    for (const name of ['Name', 'Email', 'Phone']) expect(input(d, name).readOnly).toBe(false);
    await userEvent.clear(input(d, 'Name'));
    await userEvent.type(input(d, 'Name'), 'Eli Field');
    await userEvent.clear(input(d, 'Phone'));
    await userEvent.type(input(d, 'Phone'), '5035559999');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 1, name: 'Eli Field' });
    const sent = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    // what was changed (the email was not), never the role or other fields
    expect(sent).toMatchObject({ id: 1, name: 'Eli Field', number: '15035559999' });
    expect(Object.keys(sent).sort()).toEqual(['id', 'name', 'number', 'updated_at']);
  });

  it('an admin editing someone else: role enabled, password only after Change Password, Delete after the spec confirmation', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/users/2' && init.method === 'DELETE') return json({ id: 2 });
      return undefined;
    });
    const { result, dialog } = open('admin', { record: other });
    const d = await dialog();
    expect(d).toBe(screen.getByRole('dialog', { name: 'Edit User' }));
    expect(roleInput(d)!.disabled).toBe(false);
    expect(within(d).getByRole('switch', { name: 'Active' })).toBeTruthy();
    expect(passwordFields(d)).toHaveLength(0);
    await userEvent.click(within(d).getByRole('button', { name: 'Change Password' }));
    expect(passwordFields(d)).toHaveLength(2);

    await userEvent.click(within(d).getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findByText(DELETE_USER_CONFIRMATION)).closest<HTMLElement>('[role="dialog"]')!;
    expect(DELETE_USER_CONFIRMATION).toBe('Delete this user along with all the notes, photos, and files they have created?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(result).resolves.toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/users/2')).toBe(true));
    expect(screen.queryByTestId('user-dialog')).toBeNull();
  });
});
