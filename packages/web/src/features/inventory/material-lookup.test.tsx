/** The material lookup's "Add New Material" (docs/domain/inventory.md, Materials: with `edit inventory`). */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { openLookup } from '../../resource-kit/pickers/lookup-dialog.tsx';
import { registerRecordDialogs } from '../../resource-kit/forms/record-dialogs.ts';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openMaterialDialog } from './material-dialog.tsx';

const empty = () => json({ data: [], current_page: 1, last_page: 1, per_page: 60, total: 0 });

afterEach(() => registerRecordDialogs({}));

describe('material lookup: Add New Material', () => {
  it('opens the Material dialog with the search text and picks the material it saves', async () => {
    const created = { id: 41, number: 'GL-12-GRY', description: 'GL-12-GRY', on_hand: 0, on_order: 0, active: true };
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/materials' && init.method === 'GET') return empty();
      if (url.pathname === '/api/materials' && init.method === 'POST') return json(created, 201);
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      return undefined;
    });
    registerRecordDialogs({ materials: async () => openMaterialDialog });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openLookup(stack(), 'materials');
    });
    const lookup = await screen.findByRole('dialog', { name: 'Material Lookup' });
    await userEvent.type(within(lookup).getByRole('textbox', { name: 'Search' }), 'GL-12-GRY');
    await userEvent.click(await within(lookup).findByRole('option', { name: 'Add New Material GL-12-GRY' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Material' });
    expect(within(dialog).getByLabelText('Number')).toHaveProperty('value', 'GL-12-GRY');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toEqual(created);
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/materials')?.body).toMatchObject({
      number: 'GL-12-GRY',
      description: 'GL-12-GRY',
    });
  });

  it('offers no Add New without edit inventory', async () => {
    mockFetch((url) => (url.pathname === '/api/materials' ? empty() : undefined));
    registerRecordDialogs({ materials: async () => openMaterialDialog });
    const stack = renderModalStack('employee');
    act(() => {
      void openLookup(stack(), 'materials');
    });
    const lookup = await screen.findByRole('dialog', { name: 'Material Lookup' });
    await userEvent.type(within(lookup).getByRole('textbox', { name: 'Search' }), 'GL');
    await waitFor(() => expect(within(lookup).getByText('Nothing matches “GL”.')).toBeTruthy());
    expect(within(lookup).queryByRole('option')).toBeNull();
  });
});
