/**
 * Labels for received lines: only received lines are offered, all ticked; one per line by default,
 * one per unit repeats a whole qty (a measured qty stays one); each label names the material, the
 * PO and the received date, with the material's page as its QR code.
 */

import type { Label } from '@glazier/shared/rules/shop-floor/labels';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RecordOf } from '@glazier/shared/resources/records';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openReceivedLabelsDialog, receivedLabels } from './received-labels.tsx';

type Order = RecordOf<'purchase_orders'>;
type Line = RecordOf<'purchase_order_materials'>;

const order = {
  id: 3,
  number: 1042,
  vendor_id: 5,
  vendor_name: 'Harbor Supply',
  sent_at: '2026-03-01T10:00:00.000Z',
  received_at: '2026-03-04T15:00:00.000Z',
} as Order;
const line = (id: number, extra: Partial<Line>) =>
  ({
    id,
    purchase_order_id: 3,
    material_id: id + 100,
    qty: 1,
    price: 1,
    status: 'received',
    material_number: `M-${id}`,
    material_description: `Material ${id}`,
    updated_at: '2026-03-02T10:00:00.000Z',
    ...extra,
  }) as Line;
const lines = [line(1, { qty: 4 }), line(2, { qty: 12.5, material_description: null }), line(3, { qty: 10, status: 'ordered' })];
const url = (path: string) => `https://shop.test${path}`;

describe('labels for received lines', () => {
  it('make one label per line or per whole unit, with the PO, the received date and the material page', () => {
    const perLine = receivedLabels(order, lines.slice(0, 2), 'line', url);
    const day = new Date(order.received_at!).toLocaleDateString('en-US');
    expect(perLine).toEqual<Label[]>([
      { job: '', name: 'M-1', description: 'Material 1', note: `PO 1042 · received ${day}`, qr: 'https://shop.test/inventory/101' },
      { job: '', name: 'M-2', description: '', note: `PO 1042 · received ${day}`, qr: 'https://shop.test/inventory/102' },
    ]);
    expect(receivedLabels(order, lines.slice(0, 2), 'unit', url).map((l) => l.name)).toEqual(['M-1', 'M-1', 'M-1', 'M-1', 'M-2']);
    // An order still partly open: the day the line was marked received.
    expect(receivedLabels({ ...order, received_at: null }, [lines[0]!], 'line', url)[0]!.note).toBe(
      `PO 1042 · received ${new Date(lines[0]!.updated_at!).toLocaleDateString('en-US')}`,
    );
  });

  it('the dialog offers the received lines, counts the labels and resolves with the chosen ones', async () => {
    mockFetch((u) => (u.pathname === '/api/purchase_order_materials' && u.searchParams.get('purchase_order_id') === '3' ? json({ data: lines }) : undefined));
    const client = signedInQueryClient('manager');
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
    let result!: Promise<Label[] | null>;
    act(() => {
      result = openReceivedLabelsDialog(api, order);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Print Labels' });
    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['M-1 · 4', 'M-2 · 12.5']);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    const count = within(dialog).getByTestId('received-label-count');
    expect(count.textContent).toBe('2 labels');

    await userEvent.click(within(dialog).getByRole('button', { name: 'One per unit' }));
    expect(count.textContent).toBe('5 labels');
    await userEvent.click(boxes[1]!);
    expect(count.textContent).toBe('4 labels');
    await userEvent.click(boxes[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print Labels' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose at least one received line.');

    await userEvent.click(boxes[1]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print Labels' }));
    const labels = await result;
    expect(labels?.map((l) => [l.name, l.qr])).toEqual([['M-2', `${window.location.origin}/inventory/102`]]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Print Labels' })).toBeNull());
  });
});
