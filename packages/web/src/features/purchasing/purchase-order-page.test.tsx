import { screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { PurchaseOrderPage } from './purchase-order-page.tsx';

const vendor = { id: 2, name: 'Western Aluminum', contact_name: 'Pat Vendor', phone: '15035550100', email: 'orders@western.test', active: true };
const line = {
  id: 5,
  purchase_order_id: 16,
  material_id: 9,
  material_number: 'AL-00001',
  material_description: 'Sill',
  qty: 4,
  price: '40.00',
  status: 'received',
};

describe('purchase order page', () => {
  // The vendor's contact and Print Labels arrived after the header painted (its own reads of the
  // vendor and the lines), growing it and moving the lines below (a layout shift of 0.28–0.43 on a phone).
  it('paints its header whole from the vendor and lines the order’s GET embeds, before their own reads answer', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/purchase_orders/16') {
        return json({
          id: 16,
          number: 'PO-16',
          vendor_id: 2,
          vendor_name: vendor.name,
          line_count: 1,
          total: '40.00',
          sent_at: '2026-12-01T10:00:00Z',
          received_at: null,
          note: null,
          updated_at: '2026-12-01T10:00:00Z',
          vendor,
          purchase_order_materials: [line],
        });
      }
      // the vendor, the lines, the settings and the messages are still on their way
      return new Promise<Response>(() => {});
    });
    const router = createMemoryRouter([{ path: '/purchase_orders/:purchase_order_id', Component: PurchaseOrderPage }], {
      initialEntries: ['/purchase_orders/16'],
    });
    renderWithProviders(<RouterProvider router={router} />, signedInQueryClient('admin'));
    expect(await screen.findByText('Pat Vendor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'orders@western.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print Labels' })).toBeTruthy();
  });
});
