/**
 * The Takeoff Option dialog (what it takes off: a type, then that record with the matching picker;
 * picking fills the empty description and category; changing the type clears the record; the
 * server's field errors under their fields) and the Takeoff Unit dialog (description required,
 * "Delete this unit?").
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openTakeoffOptionDialog } from './takeoff-option-dialog.tsx';
import { openTakeoffUnitDialog } from './takeoff-unit-dialog.tsx';

const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
const categories = [
  { id: 1, name: 'Mirrors' },
  { id: 2, name: 'Shower Glass' },
];
const product = { id: 40, number: 'SD-100', name: 'Frameless shower door', category_id: 2, series_id: null, active: true };
const series = { id: 7, name: 'Serenity', category_id: 1, special_order: false, active: true };
const page = (data: unknown[]) => json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });

function catalogue(url: URL, init: RequestInit): Response | undefined {
  if (url.pathname === '/api/product_categories' && init.method === 'GET') return url.searchParams.has('page') ? page(categories) : json({ data: categories });
  if (url.pathname === '/api/products' && init.method === 'GET') return page([product]);
  if (url.pathname === '/api/products/40') return json(product);
  if (url.pathname === '/api/series' && init.method === 'GET') return page([series]);
  if (url.pathname === '/api/series/7') return json(series);
  return undefined;
}

describe('Takeoff Option dialog', () => {
  it('picks a product: its name and category fill the empty description and category, and it saves what it takes off', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/takeoff_options' && init.method === 'POST') return json({ id: 90, ...body(init) }, 201);
      return catalogue(url, init);
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openTakeoffOptionDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Takeoff Option' });
    expect((within(dialog).getByLabelText('Takes off') as HTMLInputElement).value).toBe('Product');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Product' }), 'shower');
    await userEvent.click(await screen.findByRole('option', { name: /SD-100/ }));
    const description = within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLInputElement;
    await waitFor(() => expect(description.value).toBe('Frameless shower door'));
    await waitFor(() => expect((within(dialog).getByLabelText('Category') as HTMLInputElement).value).toBe('Shower Glass'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await result;
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/takeoff_options');
    expect(post?.body).toMatchObject({
      takeoffable_type: 'product',
      takeoffable_id: 40,
      product_category_id: 2,
      description: 'Frameless shower door',
      active: true,
    });
  });

  it('keeps a description and category already typed; another type clears the record and picks a series', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/takeoff_options' && init.method === 'POST') return json({ id: 91, ...body(init) }, 201);
      return catalogue(url, init);
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openTakeoffOptionDialog(stack(), { initial: { description: 'Mirror, by series', product_category_id: 2 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Takeoff Option' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Product' }), 'shower');
    await userEvent.click(await screen.findByRole('option', { name: /SD-100/ }));
    // the type changes: the product picked is dropped, the series picker is shown
    await userEvent.click(within(dialog).getByLabelText('Takes off'));
    await userEvent.click(await screen.findByRole('option', { name: 'Series', hidden: true }));
    expect(within(dialog).queryByRole('combobox', { name: 'Product' })).toBeNull();
    const seriesBox = within(dialog).getByRole('combobox', { name: 'Series' }) as HTMLInputElement;
    expect(seriesBox.value).toBe('');
    await userEvent.type(seriesBox, 'Ser');
    await userEvent.click(await screen.findByRole('option', { name: /Serenity/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await result;
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/takeoff_options');
    expect(post?.body).toMatchObject({ takeoffable_type: 'series', takeoffable_id: 7, product_category_id: 2, description: 'Mirror, by series' });
  });

  it("shows the server's errors under what it takes off and the description", async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch((url, init) => {
      if (url.pathname === '/api/takeoff_options' && init.method === 'POST')
        return json(
          {
            message: 'The given data was invalid.',
            errors: { takeoffable_id: ['The takeoffable id field is required.'], description: ['The description field is required.'] },
          },
          422,
        );
      return catalogue(url, init);
    });
    const stack = renderModalStack('manager');
    act(() => {
      void openTakeoffOptionDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Takeoff Option' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The takeoffable id field is required.')).toBeTruthy();
    expect(within(dialog).getByText('The description field is required.')).toBeTruthy();
  });

  it('is read-only without edit estimates_admin', async () => {
    mockFetch(catalogue);
    const stack = renderModalStack('supervisor');
    act(() => {
      void openTakeoffOptionDialog(stack(), {
        record: {
          id: 5,
          takeoffable_type: 'product',
          takeoffable_id: 40,
          product_category_id: 2,
          description: 'Frameless shower door',
          active: true,
          sort: 0,
          updated_at: '2026-11-01T00:00:00.000Z',
        },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Takeoff Option' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('Takeoff Unit dialog', () => {
  it('adds a unit to the takeoff with its qty, and asks "Delete this unit?" before deleting one', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/takeoff_units' && init.method === 'POST') return json({ id: 12, ...body(init) }, 201);
      if (url.pathname === '/api/takeoff_units/12' && init.method === 'DELETE') return json({ id: 12 });
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openTakeoffUnitDialog(stack(), { initial: { takeoff_id: 3, sort: 2 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Takeoff Unit' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'Unit type B');
    const qty = within(dialog).getByRole('textbox', { name: 'Qty' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await result).toMatchObject({ id: 12, description: 'Unit type B', qty: 12 });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ takeoff_id: 3, description: 'Unit type B', qty: 12, sort: 2 });

    act(() => {
      result = openTakeoffUnitDialog(stack(), {
        record: { id: 12, takeoff_id: 3, description: 'Unit type B', notes: null, qty: 12, sort: 2, updated_at: '2026-11-01T00:00:00.000Z' },
      });
    });
    const edit = await screen.findByRole('dialog', { name: 'Edit Takeoff Unit' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Takeoff Unit' });
    expect(within(confirm).getByText('Delete this unit?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await result).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/takeoff_units/12')).toBe(true);
  });

  it('is read-only for an estimate that is no longer a draft', async () => {
    mockFetch(() => undefined);
    const stack = renderModalStack('manager');
    act(() => {
      void openTakeoffUnitDialog(stack(), { readOnly: true, record: { id: 12, takeoff_id: 3, description: 'Unit type B', notes: null, qty: 12, sort: 2 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Takeoff Unit' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
