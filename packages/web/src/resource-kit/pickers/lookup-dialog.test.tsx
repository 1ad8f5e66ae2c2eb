import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openLookup } from './lookup-dialog.tsx';
import { registerRecordDialogs } from '../forms/record-dialogs.ts';

const empty = json({ data: [], current_page: 1, last_page: 1, per_page: 60, total: 0 });

afterEach(() => registerRecordDialogs({}));

describe('lookup dialog: Add New', () => {
  it('offers "Add New Product {text}" when nothing matches, opens the registered dialog prefilled, and picks what it saves', async () => {
    const calls = mockFetch((url) => (url.pathname === '/api/products' ? empty.clone() : undefined));
    const created = { id: 77, name: 'Shelf bracket', number: null };
    const open = vi.fn(async () => created);
    registerRecordDialogs({ products: async () => open as never });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openLookup(stack(), 'products');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Product Lookup' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search' }), 'Shelf bracket');
    const add = await within(dialog).findByRole('option', { name: 'Add New Product Shelf bracket' });
    await userEvent.click(add);
    await expect(result).resolves.toEqual(created);
    expect(open).toHaveBeenCalledWith(expect.anything(), { initial: { name: 'Shelf bracket', description: 'Shelf bracket' } });
    // Pages of 60, newest number first (docs/platform.md, Pickers and lookups).
    const query = calls.find((c) => c.url.searchParams.get('search') === 'Shelf bracket')!.url.searchParams;
    expect([query.get('per_page'), query.get('sort_column'), query.get('sort_direction')]).toEqual(['60', 'number', 'desc']);
  });

  it('offers no Add New without edit on the lookup’s area', async () => {
    mockFetch((url) => (url.pathname === '/api/products' ? empty.clone() : undefined));
    registerRecordDialogs({ products: async () => vi.fn() as never });
    const stack = renderModalStack('employee');
    act(() => {
      void openLookup(stack(), 'products');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Product Lookup' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search' }), 'Shelf');
    await waitFor(() => expect(within(dialog).getByText('Nothing matches “Shelf”.')).toBeTruthy());
    expect(within(dialog).queryByRole('option')).toBeNull();
  });

  it('filters the series lookup by type', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/series'
        ? json({ data: [{ id: 1, name: 'Sliding bypass', special_order: true }], current_page: 1, last_page: 1, per_page: 30, total: 1 })
        : undefined,
    );
    const stack = renderModalStack('manager');
    act(() => {
      void openLookup(stack(), 'series');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Series Lookup' });
    await within(dialog).findByRole('option', { name: /Sliding bypass/ });
    await userEvent.click(within(dialog).getByText('Special Order'));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('type') === 'special_order')).toBe(true));
    expect(calls[0]!.url.searchParams.get('per_page')).toBe('30');
    expect(within(dialog).queryByRole('option', { name: /Add New/ })).toBeNull();
  });
});
