/**
 * The dialogs: the PO Material dialog (material required; choosing a material takes the
 * vendor's minimum and the economic order qty and prices the line; qty, unit price and minimum
 * recompute) and the Split dialog (amounts kept to the line's qty; a negative blocks the save; the
 * split is posted to the server).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openSplitDialog } from './line-status-dialog.tsx';
import { openPurchaseOrderMaterialDialog } from './purchase-order-material-dialog.tsx';

const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
const material = {
  id: 9,
  number: 'GL-38CT',
  description: '3/8" clear tempered',
  economic_order_qty: 25,
  reorder_qty: 0,
  on_hand: 0,
  on_order: 0,
  active: true,
};
const order = { id: 3, number: 1042, vendor_id: 5, vendor_name: 'Harbor Supply', sent_at: null, received_at: null };
const vendorMaterial = {
  id: 31,
  material_id: 9,
  vendor_id: 5,
  vendor_part_number: 'HS-38',
  minimum_order_qty: 10,
  unit_price: 4.5,
  is_preferred: true,
  active: true,
};

const line = (extra = {}) => ({
  id: 70,
  purchase_order_id: 3,
  material_id: 9,
  vendor_material_id: 31,
  qty: 10,
  price: 45,
  status: 'ordered' as const,
  material_number: 'GL-38CT',
  material_description: null,
  purchase_order_number: 1042,
  vendor_part_number: 'HS-38',
  job_product_id: null,
  glass_width: null,
  glass_height: null,
  glass_thickness: null,
  job_label: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const aluminium = {
  id: 12,
  number: 'AL-00009',
  description: 'Aluminium channel',
  economic_order_qty: 0,
  reorder_qty: 0,
  on_hand: 0,
  on_order: 0,
  active: true,
};
/** The materials the order's vendor (5) sells, or the others. */
const materialsPage = (url: URL) => {
  const data = url.searchParams.get('sold_by') === '5' ? [material] : url.searchParams.get('not_sold_by') === '5' ? [aluminium] : [aluminium, material];
  return json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
};

describe('PO Material dialog', () => {
  it("lists the vendor's materials first with part number and price, the others below as not sold by it, and flags one already on the order", async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/purchase_orders/3') return json(order);
      if (url.pathname === '/api/materials/9') return json(material);
      if (url.pathname === '/api/materials' && init.method === 'GET') return materialsPage(url);
      if (url.pathname === '/api/vendor_materials' && init.method === 'GET') return json({ data: [vendorMaterial] });
      if (url.pathname === '/api/vendor_materials/31') return json(vendorMaterial);
      if (url.pathname === '/api/purchase_order_materials' && init.method === 'GET') return json({ data: [line()] });
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => {
      void openPurchaseOrderMaterialDialog(stack(), { initial: { purchase_order_id: 3 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add PO Material' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/purchase_orders/3')).toBe(true));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Material' }));
    const listbox = await screen.findByRole('listbox', { name: 'Material results' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    const [first, second] = within(listbox).getAllByRole('option');
    expect(first!.textContent).toContain('GL-38CT');
    expect(first!.textContent).toContain('Part HS-38 · $4.50');
    expect(first!.textContent).toContain('Already on this order (10)');
    expect(second!.textContent).toContain('AL-00009');
    expect(second!.textContent).toContain('Not sold by Harbor Supply');
    expect(
      within(listbox)
        .getAllByRole('group')
        .map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Sold by Harbor Supply', 'Other materials']);
    // The part numbers and prices are asked for the materials shown, of this vendor only.
    const priced = calls.find((c) => c.url.pathname === '/api/vendor_materials' && c.url.searchParams.has('material_id_list'))!.url.searchParams;
    expect([priced.get('vendor_id'), priced.get('material_id_list')]).toEqual(['5', '9,12']);

    await userEvent.click(first!);
    expect((await within(dialog).findByTestId('already-on-order-warning')).textContent).toContain(
      'GL-38CT is already on this order (10). Saving adds it a second time',
    );
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('requires the material', async () => {
    const calls = mockFetch((url) => (url.pathname === '/api/purchase_orders/3' ? json(order) : undefined));
    const stack = renderModalStack('manager');
    act(() => {
      void openPurchaseOrderMaterialDialog(stack(), { initial: { purchase_order_id: 3 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add PO Material' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The material is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("choosing a material takes the vendor's price and the larger of minimum and economic order qty; qty, unit price and minimum recompute", async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/purchase_orders/3') return json(order);
      if (url.pathname === '/api/materials/9') return json(material);
      if (url.pathname === '/api/materials' && init.method === 'GET') return materialsPage(url);
      if (url.pathname === '/api/vendor_materials' && init.method === 'GET') return json({ data: [vendorMaterial] });
      if (url.pathname === '/api/vendor_materials/31') return json(vendorMaterial);
      if (url.pathname === '/api/purchase_order_materials' && init.method === 'GET') return json({ data: [] });
      if (url.pathname === '/api/purchase_order_materials' && init.method === 'POST') return json({ id: 80, ...body(init) }, 201);
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openPurchaseOrderMaterialDialog(stack(), { initial: { purchase_order_id: 3 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add PO Material' });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/purchase_orders/3')).toBe(true));
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Material' }), 'GL');
    await userEvent.click(await screen.findByRole('option', { name: /GL-38CT/ }));

    const qty = within(dialog).getByRole('textbox', { name: 'Qty' }) as HTMLInputElement;
    const price = within(dialog).getByRole('textbox', { name: 'Price' }) as HTMLInputElement;
    // max(0, minimum 10, economic order qty 25) = 25; 25 × $4.50
    await waitFor(() => expect(qty.value).toBe('25'));
    expect(price.value).toBe('$112.50');
    expect((within(dialog).getByRole('textbox', { name: 'Unit price' }) as HTMLInputElement).value).toBe('$4.50');
    expect(within(dialog).getByTestId('vendor-part-number').textContent).toContain('HS-38');

    await userEvent.clear(qty);
    await userEvent.type(qty, '30');
    expect(price.value).toBe('$135.00');
    const unit = within(dialog).getByRole('textbox', { name: 'Unit price' });
    await userEvent.clear(unit);
    await userEvent.type(unit, '5');
    expect(price.value).toBe('$150.00');
    const minimum = within(dialog).getByRole('textbox', { name: 'Minimum order qty' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '40');
    expect(qty.value).toBe('40');
    expect(price.value).toBe('$200.00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 80 });
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/purchase_order_materials')?.body).toMatchObject({
      purchase_order_id: 3,
      material_id: 9,
      vendor_material_id: 31,
      qty: 40,
      price: 200,
    });
  });

  it('asks before removing a line: "Remove this material from this order?"', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/purchase_orders/3') return json(order);
      if (url.pathname === '/api/materials/9') return json(material);
      if (url.pathname === '/api/vendor_materials/31') return json(vendorMaterial);
      if (url.pathname === '/api/purchase_order_materials/70' && init.method === 'DELETE') return json({ id: 70 });
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openPurchaseOrderMaterialDialog(stack(), { record: line() });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit PO Material' });
    expect((within(dialog).getByRole('textbox', { name: 'Unit price' }) as HTMLInputElement).value).toBe('$4.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete PO Material' });
    expect(within(confirm).getByText('Remove this material from this order?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(result).resolves.toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});

describe('Split dialog', () => {
  it('keeps the amounts to the qty, blocks a negative, and posts the split', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/purchase_order_materials/70/split' && init.method === 'POST') {
        return json({ data: [line({ qty: 0 }), line({ id: 71, qty: 6, status: 'received' }), line({ id: 72, qty: 4, status: 'backordered' })] });
      }
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openSplitDialog(stack(), line());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Split Line' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
    expect(field('Ordered').value).toBe('10');
    expect(field('Ordered').readOnly).toBe(true);

    await userEvent.clear(field('Received'));
    await userEvent.type(field('Received'), '12');
    expect(field('Ordered').value).toBe('-2');
    expect(within(dialog).getByRole('alert').textContent).toBe('It looks like something is adding up to a negative.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(field('Received'));
    await userEvent.type(field('Received'), '6');
    await userEvent.clear(field('Backordered'));
    await userEvent.type(field('Backordered'), '4');
    expect(field('Ordered').value).toBe('0');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    await expect(result).resolves.toHaveLength(3);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ordered: 0, received: 6, backordered: 4 });
  });

  it("marks the amount that breaks the rule with the line's qty beside it, and shows the field the server refuses", async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch((url, init) => {
      if (url.pathname === '/api/purchase_order_materials/70/split' && init.method === 'POST') {
        return json({ message: 'Invalid', errors: { received: ['It looks like something is adding up to a negative.'] } }, 422);
      }
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => {
      void openSplitDialog(stack(), line({ qty: 12, price: 54 }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Split Line' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
    await userEvent.clear(field('Received'));
    await userEvent.type(field('Received'), '5');
    await userEvent.clear(field('Backordered'));
    await userEvent.type(field('Backordered'), '20');
    expect(field('Ordered').value).toBe('-13');
    // The spec's message stays; the amount below 0 is marked and says why, with the line's qty.
    expect(within(dialog).getByTestId('split-error').textContent).toBe('It looks like something is adding up to a negative.');
    expect(field('Ordered').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText("Received 5 and Backordered 20 add up to 25, more than the line's 12.")).toBeTruthy();
    // The amount typed last, which tipped it over, is marked too; the others are not.
    expect(field('Backordered').getAttribute('aria-invalid')).toBe('true');
    expect(field('Received').getAttribute('aria-invalid')).not.toBe('true');
    expect(within(dialog).getAllByText('of 12')).toHaveLength(3);

    await userEvent.clear(field('Backordered'));
    await userEvent.type(field('Backordered'), '7');
    expect(within(dialog).queryByTestId('split-error')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Split' }));
    // The server's refusal names its field: shown under it.
    expect(await within(dialog).findByText('It looks like something is adding up to a negative.', { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(field('Received').getAttribute('aria-invalid')).toBe('true');
  });
});
