import { AREAS, DEFAULT_ROLE_MATRIX, ROLES, type Role } from '@glazier/shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiServer, renderApp } from '../../test/app.tsx';
import { json, mockFetch, sessionUser } from '../../test/render.tsx';

const STAMP = '2025-01-01T00:00:00.000Z';
const permissionRows = ROLES.flatMap((role, r) =>
  AREAS.map((area, a) => ({ id: r * 100 + a + 1, role, area, ...DEFAULT_ROLE_MATRIX[role][area], updated_at: STAMP })),
);

function server(user = sessionUser('admin'), extra: { id: number; name: string; value: string; updated_at: string }[] = []) {
  const settings = [
    { id: 1, name: 'company_name', value: 'Acme Glass', updated_at: STAMP },
    { id: 2, name: 'burden_rate', value: '30', updated_at: STAMP },
    ...extra,
  ];
  return mockFetch(
    apiServer((url, init) => {
      if (url.pathname === '/api/user') return json(user);
      if (url.pathname === '/api/mail/status') return json({ data: { configured: false, from: null, server: null, public_url: null } });
      if (url.pathname === '/api/mail/test' && init.method === 'POST') {
        const { to } = JSON.parse(String(init.body)) as { to?: string };
        return json(
          {
            data: {
              id: 1,
              message_id: '<1@x>',
              kind: 'test',
              to: [to],
              cc: [],
              subject: 'Test message from Glazier',
              resource: null,
              record_id: null,
              record_label: null,
              status: 'not_configured',
              attempts: 0,
              last_error: null,
              sent_reply: null,
              next_attempt_at: null,
              sent_at: null,
              created_at: '2026-01-01T00:00:00.000Z',
              created_by_name: 'Admin',
            },
          },
          201,
        );
      }
      if (url.pathname === '/api/settings' && init.method === 'GET') return json({ data: settings });
      if (url.pathname === '/api/settings/store_many' && init.method === 'POST') {
        const { data } = JSON.parse(String(init.body)) as { data: { name: string; value: string }[] };
        if (data.some((d) => d.name === 'burden_rate' && Number(d.value) === 999)) {
          return json(
            {
              message: 'The given data was invalid.',
              errors: { [`data.${data.findIndex((d) => d.name === 'burden_rate')}.value`]: ['The server refused this rate.'] },
            },
            422,
          );
        }
        // a setting not stored yet is made (settings are kept by name)
        const saved = data.map(({ name, value }) => {
          const row = settings.find((s) => s.name === name);
          if (row) return Object.assign(row, { value });
          const made = { id: settings.length + 10, name, value, updated_at: STAMP };
          settings.push(made);
          return made;
        });
        return json({ data: saved });
      }
      if (url.pathname === '/api/role_permissions' && init.method === 'GET') return json({ data: permissionRows });
      if (url.pathname === '/api/role_permissions/store_many' && init.method === 'POST') {
        const { data } = JSON.parse(String(init.body)) as { data: { id: number }[] };
        return json({ data: data.map((d) => ({ ...permissionRows.find((p) => p.id === d.id), ...d, updated_at: '2025-02-01T00:00:00.000Z' })) });
      }
      return undefined;
    }),
  );
}

async function openSettings() {
  renderApp('/settings');
  expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
  return within(await screen.findByTestId('company-settings'));
}

const rowId = (role: Role, area: string) => permissionRows.find((p) => p.role === role && p.area === area)!.id;

describe('Settings page', () => {
  it('shows admins when the last backup was made', async () => {
    const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const last = { at, database: 'pglite', tables: 41, rows: 3083, blob_bytes: 2 * 1024 * 1024, bytes: 900 * 1024 };
    server(sessionUser('admin'), [{ id: 3, name: 'last_backup', value: JSON.stringify(last), updated_at: STAMP }]);
    await openSettings();
    const card = within(await screen.findByTestId('last-backup'));
    expect(card.getByText(/Last backup: .*\(3 days ago\), 41 tables, 3,083 rows, 2\.0 MB of files and images; a 900 KB file\./)).toBeTruthy();
  });

  it('says when no backup was recorded yet', async () => {
    server();
    await openSettings();
    expect(within(await screen.findByTestId('last-backup')).getByText('No backup has been recorded yet.')).toBeTruthy();
  });

  it('one form and one Save: the changed settings are saved together, with one notification', async () => {
    const calls = server();
    const company = await openSettings();
    const name = company.getByRole('textbox', { name: 'Company name' }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Acme Glass'));
    expect(company.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    expect((company.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(name);
    await userEvent.type(name, 'Bright Glass Co');
    const rate = company.getByRole('textbox', { name: 'Burden rate' }) as HTMLInputElement;
    expect(rate.value).toBe('$30.00');
    await userEvent.clear(rate);
    await userEvent.type(rate, '32.5');
    await userEvent.click(company.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/settings/store_many')).toBe(true));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      data: [
        { name: 'company_name', value: 'Bright Glass Co' },
        { name: 'burden_rate', value: '32.5' },
      ],
    });
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(screen.getAllByText(/saved\./)).toHaveLength(1);
  });

  it('billing’s settings are a form of their own: the tax rates, next invoice number and reminder days saved together', async () => {
    const calls = server(sessionUser('admin'), [{ id: 9, name: 'next_invoice_number', value: '1001', updated_at: STAMP }]);
    await openSettings();
    const billing = within(await screen.findByTestId('billing-settings'));
    const next = billing.getByRole('textbox', { name: 'Next invoice number' }) as HTMLInputElement;
    await waitFor(() => expect(next.value).toBe('1001'));
    await userEvent.type(billing.getByRole('textbox', { name: 'Sales tax' }), 'State');
    await userEvent.type(billing.getByRole('textbox', { name: 'Sales tax %' }), '6.25');
    await userEvent.clear(next);
    await userEvent.type(next, '2000');
    await userEvent.type(billing.getByRole('textbox', { name: 'Reminder days' }), '7, 21');
    await userEvent.click(billing.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/settings/store_many')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      data: [
        { name: 'tax1_name', value: 'State' },
        { name: 'tax1_percent', value: '6.25' },
        { name: 'next_invoice_number', value: '2000' },
        { name: 'reminder_days', value: '7, 21' },
      ],
    });
  });

  it('admins see that no mail server is configured and send a test email (to their own address by default) to the Outbox', async () => {
    const calls = server();
    await openSettings();
    const card = within(await screen.findByTestId('mail-settings'));
    expect(await card.findByText(/No mail server is configured: messages are kept in the Outbox, not sent/)).toBeTruthy();
    const to = card.getByRole('textbox', { name: 'Send a test email to' }) as HTMLInputElement;
    await waitFor(() => expect(to.value).toBe(sessionUser('admin').email));
    await userEvent.click(card.getByRole('button', { name: 'Send a test email' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/mail/test')?.body).toEqual({ to: sessionUser('admin').email }));
    expect(await screen.findByText('The test message is in the Outbox, not sent: no mail server is configured.')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Open the Outbox' }).getAttribute('href')).toBe('/outbox');
  });

  it('the company details and the estimate terms are several lines each, saved with the rest (printed on estimates)', async () => {
    const calls = server();
    const company = await openSettings();
    const details = company.getByRole('textbox', { name: 'Company details' });
    expect(details.tagName).toBe('TEXTAREA');
    await userEvent.type(details, '12 Pane St{Enter}555-0100');
    await userEvent.type(company.getByRole('textbox', { name: 'Estimate terms' }), 'Half down.');
    await userEvent.click(company.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/settings/store_many')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      data: [
        { name: 'company_details', value: '12 Pane St\n555-0100' },
        { name: 'estimate_terms', value: 'Half down.' },
      ],
    });
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
  });

  it("a negative burden rate is refused under the field before anything is sent (the setting's declared rule)", async () => {
    const calls = server();
    const company = await openSettings();
    const rate = company.getByRole('textbox', { name: 'Burden rate' }) as HTMLInputElement;
    await waitFor(() => expect(rate.value).toBe('$30.00'));
    await userEvent.clear(rate);
    await userEvent.type(rate, '-4');
    await userEvent.tab();
    expect(await company.findByText('Must not be negative.')).toBeTruthy();
    expect(rate.value).toBe('-4');
    expect(calls.some((c) => c.url.pathname === '/api/settings/store_many')).toBe(false);
  });

  it("a setting's server error shows under its own field", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server();
    const company = await openSettings();
    const rate = company.getByRole('textbox', { name: 'Burden rate' }) as HTMLInputElement;
    await waitFor(() => expect(rate.value).toBe('$30.00'));
    await userEvent.clear(rate);
    await userEvent.type(rate, '999');
    await userEvent.click(company.getByRole('button', { name: 'Save' }));
    expect(await company.findByText('The server refused this rate.')).toBeTruthy();
  });

  it('admins with edit settings get the permission matrix; a changed checkbox is saved with its row id', async () => {
    const calls = server();
    await openSettings();
    const matrix = await screen.findByRole('table', { name: 'Role permissions' });
    const box = await within(matrix).findByRole('checkbox', { name: 'Employee view Boms' });
    expect((box as HTMLInputElement).checked).toBe(false);
    // The admin role always keeps settings and users.
    expect((within(matrix).getByRole('checkbox', { name: 'Admin edit Settings' }) as HTMLInputElement).disabled).toBe(true);
    const save = screen.getByRole('button', { name: /^Save permissions/ }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await userEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions (1)' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/role_permissions/store_many')).toBe(true));
    const sent = calls.find((c) => c.url.pathname === '/api/role_permissions/store_many')!.body;
    expect(sent).toEqual({ data: [{ id: rowId('employee', 'boms'), updated_at: STAMP, role: 'employee', area: 'boms', view: true, edit: false }] });
    expect(await screen.findByText('Permissions saved.')).toBeTruthy();
    // The session is re-read (the signed-in user's own permissions may have changed).
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/user').length).toBeGreaterThan(1));
  });

  it("keeps an unsaved change when the list is read again with another admin's change (a live update)", async () => {
    const calls = server();
    const { queryClient } = renderApp('/settings');
    const matrix = await screen.findByRole('table', { name: 'Role permissions' });
    await userEvent.click(await within(matrix).findByRole('checkbox', { name: 'Employee view Boms' }));
    // meanwhile another admin lets supervisors edit clients, and the list is read again
    const other = permissionRows.find((p) => p.role === 'supervisor' && p.area === 'clients')!;
    const kept = { ...other };
    Object.assign(other, { view: true, edit: true, updated_at: '2025-03-01T00:00:00.000Z' });
    try {
      const reads = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/role_permissions').length;
      const before = reads();
      await queryClient.invalidateQueries();
      await waitFor(() => expect(reads()).toBeGreaterThan(before));
      await waitFor(() => expect((within(matrix).getByRole('checkbox', { name: 'Supervisor edit Clients' }) as HTMLInputElement).checked).toBe(true));
      // theirs is shown, and mine is still there to save
      expect((within(matrix).getByRole('checkbox', { name: 'Employee view Boms' }) as HTMLInputElement).checked).toBe(true);
      expect(screen.getByRole('button', { name: 'Save permissions (1)' })).toBeTruthy();
    } finally {
      Object.assign(other, kept);
    }
  });

  it('ticking edit ticks view too', async () => {
    const calls = server();
    await openSettings();
    const matrix = await screen.findByRole('table', { name: 'Role permissions' });
    await userEvent.click(await within(matrix).findByRole('checkbox', { name: 'Employee edit Boms' }));
    expect((within(matrix).getByRole('checkbox', { name: 'Employee view Boms' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save permissions (1)' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/role_permissions/store_many')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/role_permissions/store_many')!.body).toMatchObject({ data: [{ view: true, edit: true }] });
  });

  it('a manager (view settings) sees the values read-only and no permission matrix', async () => {
    const calls = server(sessionUser('manager'));
    const company = await openSettings();
    const name = company.getByRole('textbox', { name: 'Company name' }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Acme Glass'));
    expect(name.readOnly).toBe(true);
    expect(company.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Role permissions' })).toBeNull();
    expect(screen.queryByTestId('last-backup')).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/role_permissions')).toBe(false);
  });

  it('an admin whose role lost edit settings gets no permission matrix', async () => {
    const admin = sessionUser('admin');
    server({ ...admin, permissions: { ...admin.permissions, settings: { view: true, edit: false } } });
    await openSettings();
    await screen.findByTestId('company-settings');
    expect(screen.queryByRole('table', { name: 'Role permissions' })).toBeNull();
  });
});
