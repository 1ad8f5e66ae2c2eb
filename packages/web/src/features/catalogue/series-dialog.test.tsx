import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openSeriesDialog } from './series-dialog.tsx';

const category = {
  id: 1,
  name: 'Shower Glass',
  product_selection_method: 'series',
  enable_cutlist: true,
  enable_dimensions: false,
  enable_measured: true,
  enable_ordered: false,
  enable_fabricated: false,
  enable_units: false,
};

function setup() {
  const client = signedInQueryClient('manager');
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  return () => api;
}

/** The categories to choose from, and a POST of a series answered as saved with `id`. */
function serveSeries(categories: object[], id: number) {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  return mockFetch((url, init) => {
    if (url.pathname === '/api/product_categories') return json({ data: categories });
    if (url.pathname === '/api/series' && init.method === 'POST') return json({ id, ...JSON.parse(String(init.body)) }, 201);
    return undefined;
  });
}

describe('Series dialog', () => {
  it('follows the category’s flags (locked) by default, saving them; its own once turned off', async () => {
    const calls = serveSeries([category], 3);
    const stack = setup();
    act(() => {
      void openSeriesDialog(stack(), { initial: { category_id: 1 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Series' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Sliding bypass');
    const cutList = await within(dialog).findByRole('switch', { name: 'Cut list' });
    await screen.findByDisplayValue('Shower Glass');
    expect((cutList as HTMLInputElement).checked).toBe(true);
    expect(cutList.getAttribute('aria-readonly')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stocked' }));
    expect(within(dialog).getByRole('button', { name: 'Special Order' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const post = await firstFound(() => calls.find((c) => c.method === 'POST'));
    expect(post.body).toMatchObject({
      name: 'Sliding bypass',
      category_id: 1,
      use_category_settings: true,
      enable_cutlist: true,
      enable_measured: true,
      enable_units: false,
      special_order: true,
    });
  });

  it('takes glass deductions where its products have dimensions (typed in sixteenths), 0 allowed', async () => {
    const calls = serveSeries(
      [
        { ...category, enable_dimensions: true },
        { ...category, id: 2, name: 'Hardware', enable_dimensions: false },
      ],
      5,
    );
    const stack = setup();
    act(() => {
      void openSeriesDialog(stack(), { initial: { category_id: 2, name: 'Chrome' } });
    });
    // none where the products have no dimensions
    const hardware = await screen.findByRole('dialog', { name: 'Add Series' });
    await screen.findByDisplayValue('Hardware');
    expect(within(hardware).queryByRole('textbox', { name: 'Glass width deduction' })).toBeNull();
    await userEvent.click(within(hardware).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() => {
      void openSeriesDialog(stack(), { initial: { category_id: 1, name: 'Polished' } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Series' });
    await screen.findByDisplayValue('Shower Glass');
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Glass width deduction' }), '3/16');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Glass height deduction' }), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const post = await firstFound(() => calls.find((c) => c.method === 'POST'));
    expect(post.body).toMatchObject({ category_id: 1, glass_width_deduction: 0.1875, glass_height_deduction: 0 });
  });

  it('lets its own flags be changed once "Use category settings" is off, starting from the category’s', async () => {
    const calls = serveSeries([category], 4);
    const stack = setup();
    act(() => {
      void openSeriesDialog(stack(), { initial: { category_id: 1, name: 'Custom' } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Series' });
    await screen.findByDisplayValue('Shower Glass');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Use category settings' }));
    const units = within(dialog).getByRole('switch', { name: 'Units' });
    expect(units.getAttribute('aria-readonly')).toBeNull();
    await userEvent.click(units);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const post = await firstFound(() => calls.find((c) => c.method === 'POST'));
    expect(post.body).toMatchObject({ use_category_settings: false, enable_cutlist: true, enable_measured: true, enable_units: true, special_order: false });
  });
});

/** Waits until `find` returns something. */
async function firstFound<T>(find: () => T | undefined): Promise<T> {
  let found: T | undefined;
  await waitFor(() => {
    found = find();
    expect(found).toBeTruthy();
  });
  return found!;
}
