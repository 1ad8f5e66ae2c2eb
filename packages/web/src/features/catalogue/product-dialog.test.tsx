import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openProductDialog } from './product-dialog.tsx';

const page = (data: unknown[]) => json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
const glass = { id: 9, number: 'GL38', description: '3/8" clear tempered', active: true };

describe('Product dialog', () => {
  it('saves an assembly and its material lines in one request, after requiring the material', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/product_categories') return json({ data: [{ id: 1, name: 'Shower Glass' }] });
      if (url.pathname === '/api/materials' && init.method === 'GET') return page([glass]);
      if (url.pathname === '/api/materials/9') return json(glass);
      if (url.pathname === '/api/products' && init.method === 'POST') return json({ id: 40, ...JSON.parse(String(init.body)) }, 201);
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openProductDialog(stack(), { initial: { category_id: 1 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Door kit');
    expect(within(dialog).getByRole('textbox', { name: 'Cost' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Assembly' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Material' }));

    const line = await screen.findByRole('dialog', { name: 'Add Product Material' });
    // It opens on its first field, not its close button (where typing and Enter closed it).
    await waitFor(() => expect(document.activeElement).toBe(within(line).getByRole('combobox', { name: 'Material' })));
    expect((within(line).getByRole('textbox', { name: 'Qty' }) as HTMLInputElement).value).toBe('1');
    await userEvent.click(within(line).getByRole('button', { name: 'OK' }));
    expect(await within(line).findByText('The material is required.')).toBeTruthy();
    await userEvent.type(within(line).getByRole('combobox', { name: 'Material' }), 'GL');
    await userEvent.click(await screen.findByRole('option', { name: /GL38/ }));
    await userEvent.click(within(line).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Product Material' })).toBeNull());
    expect(within(dialog).getAllByTestId('product-material-row')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 40, name: 'Door kit', is_assembly: true });
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/products']);
    expect(writes[0]!.body).toMatchObject({
      name: 'Door kit',
      category_id: 1,
      is_assembly: true,
      material_id: null,
      product_materials: [{ material_id: 9, qty: 1 }],
    });
  });

  it('switching a product to Assembly is a change: Escape asks, and Keep editing keeps it', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/product_categories') return json({ data: [{ id: 1, name: 'Shower Glass' }] });
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openProductDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Assembly' }));
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(ask).getByText('Discard unsaved changes?')).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect((within(dialog).getByRole('switch', { name: 'Assembly' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard' }));
    await expect(result).resolves.toBeNull();
  });

  it('shows an employee the product read-only, without prices or Delete', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/product_categories') return json({ data: [{ id: 1, name: 'Hardware' }] });
      // Without products_admin the server leaves the prices out.
      if (url.pathname === '/api/products/4')
        return json({ id: 4, number: 'HW-24', name: 'Towel bar', unit: 'ea', category_id: 1, non_inventory: true, is_assembly: false, product_materials: [] });
      return undefined;
    });
    const stack = renderModalStack('employee');
    act(() => {
      void openProductDialog(stack(), { record: { id: 4, number: 'HW-24', name: 'Towel bar' } as never });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Product' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Towel bar');
    expect(name.hasAttribute('readonly')).toBe(true);
    expect(within(dialog).queryByText('Cost')).toBeNull();
    expect(within(dialog).queryByText('Sale price')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says a deleted product has been discontinued and offers Restore instead of Save and Delete', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/product_categories') return json({ data: [] });
      if (url.pathname === '/api/products/5')
        return json({
          id: 5,
          name: 'Old mirror',
          non_inventory: true,
          is_assembly: false,
          cost_per_unit: 1,
          revenue_per_unit: 2,
          deleted_at: '2026-01-01T00:00:00Z',
          product_materials: [],
        });
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => {
      void openProductDialog(stack(), { record: { id: 5, name: 'Old mirror' } as never });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Product' });
    expect(await within(dialog).findByText('This product has been discontinued.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says a deleted product moved to Discontinued products, with a link there', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch((url, init) => {
      if (init.method === 'DELETE' && url.pathname === '/api/products/7') return json({ id: 7 });
      if (url.pathname === '/api/products/7')
        return json({ id: 7, name: 'Towel bar', non_inventory: true, is_assembly: false, updated_at: '2026-01-01T00:00:00Z', product_materials: [] });
      if (init.method === 'GET') return json({ data: [] });
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => void openProductDialog(stack(), { record: { id: 7, name: 'Towel bar' } as never }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: /^(Confirm|Delete)$/ }));
    const link = await screen.findByRole('link', { name: 'Discontinued products' });
    expect(link.getAttribute('href')).toBe('/discontinued_products');
    expect(link.closest('.mantine-Notification-root')?.textContent).toContain(
      'Product discontinued. It moved to Discontinued products, where it can be restored.',
    );
  });
});
