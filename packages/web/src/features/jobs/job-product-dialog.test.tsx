import type { RecordOf } from '@glazier/shared/resources/records';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openJobProductDialog } from './job-product-dialog.tsx';

const NONE = { enable_cutlist: false, enable_dimensions: false, enable_measured: false, enable_ordered: false, enable_fabricated: false, enable_units: false };
// The category has dimensions, measured and fabricated; the series' own columns say nothing.
const category = { id: 2, name: 'Shower Glass', ...NONE, enable_dimensions: true, enable_measured: true, enable_fabricated: true };
const following = { id: 3, name: 'Frameless', category_id: 2, use_category_settings: true, ...NONE };
const own = { id: 4, name: 'Custom', category_id: 2, use_category_settings: false, ...NONE, enable_ordered: true };
const product = { id: 11, number: 'SG-100', name: 'Inline Door', series_id: 3 };

function open(seriesId: number) {
  mockFetch((url, init) => {
    if (init.method !== 'GET') return undefined;
    if (url.pathname === '/api/series') return json({ data: [following, own] });
    if (url.pathname === '/api/product_categories') return json({ data: [category] });
    if (url.pathname === '/api/products/11') return json(product);
    return json({ data: [] });
  });
  const client = signedInQueryClient('manager');
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  const record = {
    id: 20,
    job_id: 1,
    product_id: 11,
    series_id: seriesId,
    name: 'Inline Door',
    qty: 1,
    is_measured: false,
    is_ordered: false,
    is_fabricated: false,
  } as unknown as RecordOf<'job_products'>;
  act(() => {
    void openJobProductDialog(api, { record });
  });
}

describe('JobProduct dialog', () => {
  it('shows the fields the product category enables when the series uses the category settings', async () => {
    open(3);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job Product' });
    expect(await within(dialog).findByRole('textbox', { name: 'Glass width' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Glass height' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Measured' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Fabricated' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Ordered' })).toBeNull();
  });

  it("shows the series' own fields when it does not use the category settings", async () => {
    open(4);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job Product' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Ordered' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Glass width' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: 'Measured' })).toBeNull();
  });

  it('names the product by its number and name, not the number alone', async () => {
    open(3);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job Product' });
    const picker = within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Product' });
    await waitFor(() => expect(picker.value).toBe('SG-100 · Inline Door'));
  });
});
