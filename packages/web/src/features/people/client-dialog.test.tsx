import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openClientDialog } from './client-dialog.tsx';

function setup() {
  const client = signedInQueryClient('manager');
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  return () => api;
}

describe('Client dialog', () => {
  it('adds a client type on the spot from the picker and saves the client with it', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/client_types' && init.method === 'GET') return json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
      if (url.pathname === '/api/product_categories') return json({ data: [{ id: 3, name: 'Shower Glass' }] });
      if (url.pathname === '/api/client_types' && init.method === 'POST') {
        return json({ id: 7, name: JSON.parse(String(init.body)).name, product_category_list: [], updated_at: '2025-01-01T00:00:00Z' }, 201);
      }
      if (url.pathname === '/api/clients' && init.method === 'POST') return json({ id: 11, ...JSON.parse(String(init.body)) }, 201);
      return undefined;
    });
    const stack = setup();
    let result!: Promise<unknown>;
    act(() => {
      result = openClientDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Acme Builders');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Client type' }), 'Frameless');
    await userEvent.click(await screen.findByRole('option', { name: 'Add New Client Type Frameless' }));

    const typeDialog = await screen.findByRole('dialog', { name: 'Add Client Type' });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    expect((within(typeDialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Frameless');
    await userEvent.click(within(typeDialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Client Type' })).toBeNull());
    await waitFor(() => expect((within(dialog).getByRole('combobox', { name: 'Client type' }) as HTMLInputElement).value).toBe('Frameless'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await expect(result).resolves.toMatchObject({ id: 11, name: 'Acme Builders', client_type_id: 7 });
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/clients');
    expect(post?.body).toMatchObject({ name: 'Acme Builders', client_type_id: 7, color: CLIENT_COLORS[0], active: true });
    expect(post?.headers['x-xsrf-token']).toBe('t');
  });

  it('edits with the active toggle, and deletes only after "Delete this client?" is confirmed', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/client_types/2') return json({ id: 2, name: 'Builder' });
      if (url.pathname === '/api/clients/5' && init.method === 'DELETE') return json({ id: 5 });
      return undefined;
    });
    const stack = setup();
    act(() => {
      void openClientDialog(stack(), {
        record: {
          id: 5,
          name: 'Old Co',
          client_type_id: 2,
          color: CLIENT_COLORS[3],
          active: true,
          note: '',
          tax_exempt: false,
          tax_exemption_number: null,
          email: null,
          no_reminders: false,
        },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client' });
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Colour 4' }).getAttribute('aria-checked')).toBe('true');

    const confirmDialog = async () => (await screen.findByText('Delete this client?')).closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const second = await confirmDialog();
    await userEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/clients/5')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Client' })).toBeNull());
  });

  it('shows server validation errors under the fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch((url, init) => {
      if (url.pathname === '/api/clients' && init.method === 'POST') {
        return json({ message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } }, 422);
      }
      return undefined;
    });
    const stack = setup();
    act(() => {
      void openClientDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    expect(within(dialog).queryByRole('switch', { name: 'Active' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    // The error clears as the user types.
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'A');
    expect(within(dialog).queryByText('The name field is required.')).toBeNull();
  });

  it('asks for the exemption number once the client is tax exempt, and saves it with No payment reminders', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/clients' && init.method === 'POST') return json({ id: 12, ...JSON.parse(String(init.body)) }, 201);
      return undefined;
    });
    const stack = setup();
    act(() => {
      void openClientDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Client' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'County Schools');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ap@county.example');
    expect(within(dialog).queryByRole('textbox', { name: 'Tax exemption number' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Tax exempt' }));
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Tax exemption number' }), 'EX-77');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'No payment reminders' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'County Schools',
      email: 'ap@county.example',
      tax_exempt: true,
      tax_exemption_number: 'EX-77',
      no_reminders: true,
    });
  });
});
