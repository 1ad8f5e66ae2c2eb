import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openVendorDialog } from './vendor-dialog.tsx';
import { openVendorMaterialDialog } from './vendor-material-dialog.tsx';

const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('Vendor dialog', () => {
  it('keeps the email disabled without edit users (a manager) and stores the phone as 1 + digits', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/vendors' && init.method === 'POST') return json({ id: 4, ...body(init) }, 201);
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openVendorDialog(stack());
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Vendor' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(email.disabled).toBe(true);
    expect(within(dialog).getByText('Only someone who may edit users can change the email.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Harbor Supply');
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    await userEvent.type(phone, '503555014299');
    expect(phone.value).toBe('(503) 555-0142'); // at most 10 digits
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 4 });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ name: 'Harbor Supply', phone: '15035550142', email: '' });
  });

  it('lets an admin (edit users) set the email', async () => {
    mockFetch(() => undefined);
    const stack = renderModalStack('admin');
    act(() => {
      void openVendorDialog(stack(), { record: { id: 4, name: 'Harbor Supply', contact_name: null, email: null, phone: '15035550142', active: true } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vendor' });
    expect((within(dialog).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).toBe(false);
    expect((within(dialog).getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('(503) 555-0142');
    expect(within(dialog).queryByText('Only someone who may edit users can change the email.')).toBeNull();
  });
});

describe('Vendor Material dialog', () => {
  it('opened from a material: the material is fixed (number, description beneath), the defaults of docs/domain/purchasing.md (Vendor materials) are sent', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/materials/9') return json({ id: 9, number: 'GL-38CT', description: '3/8" clear tempered', active: true });
      if (url.pathname === '/api/vendor_materials' && init.method === 'GET') {
        return json({ data: [{ id: 31, material_id: 9, vendor_id: 2, vendor_name: 'Northwest Glass', is_preferred: true, active: true }] });
      }
      if (url.pathname === '/api/vendors' && init.method === 'GET') {
        return json({ data: [{ id: 5, name: 'Harbor Supply', active: true }], current_page: 1, last_page: 1, per_page: 20, total: 1 });
      }
      if (url.pathname === '/api/vendor_materials' && init.method === 'POST') return json({ id: 40, ...body(init) }, 201);
      return undefined;
    });
    const stack = renderModalStack('manager');
    let result!: Promise<unknown>;
    act(() => {
      result = openVendorMaterialDialog(stack(), { initial: { material_id: 9 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Vendor Material' });
    const material = within(dialog).getByRole('textbox', { name: 'Material' }) as HTMLInputElement;
    await waitFor(() => expect(material.value).toBe('GL-38CT'));
    expect(material.readOnly).toBe(true);
    expect(within(dialog).getByText('3/8" clear tempered')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Unit price' }) as HTMLInputElement).value).toBe('$0.00');
    expect((within(dialog).getByRole('textbox', { name: 'Minimum order qty' }) as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByRole('switch', { name: /^Preferred/ }) as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    // the material's preferred vendor now, which marking this one would replace
    expect(await within(dialog).findByText('Northwest Glass is preferred now; this would replace it.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('switch', { name: /^Preferred/ }));
    expect(within(dialog).getByText('Saving makes this the preferred vendor instead of Northwest Glass.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Preferred/ }));

    const vendor = within(dialog).getByRole('combobox', { name: 'Vendor' });
    await userEvent.type(vendor, 'Harbor');
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Supply' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part number' }), 'CT-38');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await expect(result).resolves.toMatchObject({ id: 40 });
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/vendor_materials');
    expect(post?.body).toEqual({
      vendor_id: 5,
      material_id: 9,
      vendor_part_number: 'CT-38',
      unit_price: 0,
      minimum_order_qty: 1,
      is_preferred: false,
      active: true,
    });
  });

  it('opened from a vendor: the vendor is fixed and the material is picked', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/vendors/5') return json({ id: 5, name: 'Harbor Supply', active: true });
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => {
      void openVendorMaterialDialog(stack(), { initial: { vendor_id: 5 } });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add Vendor Material' });
    const vendor = within(dialog).getByRole('textbox', { name: 'Vendor' }) as HTMLInputElement;
    await waitFor(() => expect(vendor.value).toBe('Harbor Supply'));
    expect(vendor.readOnly).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Material' })).toBeTruthy();
  });
});
