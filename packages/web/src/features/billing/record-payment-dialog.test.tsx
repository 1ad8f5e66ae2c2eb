import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openRecordPaymentDialog } from './record-payment-dialog.tsx';

function setup() {
  const client = signedInQueryClient('manager');
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  return () => api;
}

const OPEN = [
  { id: 11, number: 1001, client_id: 5, status: 'sent', due_date: '2026-01-01', balance: 100, total: 100 },
  { id: 12, number: 1002, client_id: 5, status: 'partly_paid', due_date: '2026-02-01', balance: 250, total: 300 },
];

function mockServer(answer: (body: Record<string, unknown>) => Response) {
  return mockFetch((url, init) => {
    if (url.pathname === '/api/clients/5') return json({ id: 5, name: 'Harbor Homes' });
    if (url.pathname === '/api/invoices' && init.method === 'GET') return json({ data: OPEN, current_page: 1, last_page: 1, per_page: 100, total: 2 });
    if (url.pathname === '/api/payments/record' && init.method === 'POST') return answer(JSON.parse(String(init.body)) as Record<string, unknown>);
    return undefined;
  });
}

describe('Record payment', () => {
  it('pays the invoice it was opened from first, then the oldest; a check sends its number', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockServer((body) => json({ data: { id: 40, ...body } }, 201));
    const stack = setup();
    let result!: Promise<unknown>;
    act(() => {
      result = openRecordPaymentDialog(stack(), { clientId: 5, invoiceId: 12 });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await within(dialog).findByText('1002');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '300');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Check number' }), '1042');
    await waitFor(() => expect(within(dialog).getByTestId('payment-applied').textContent).toBe('Applied $300.00 of $300.00'));
    expect((within(dialog).getByRole('textbox', { name: 'Payment to invoice 1002' }) as HTMLInputElement).value).toBe('$250.00');
    expect((within(dialog).getByRole('textbox', { name: 'Payment to invoice 1001' }) as HTMLInputElement).value).toBe('$50.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await expect(result).resolves.toMatchObject({ id: 40 });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      client_id: 5,
      amount: 300,
      method: 'check',
      check_number: '1042',
      allocations: [
        { invoice_id: 12, amount: 250 },
        { invoice_id: 11, amount: 50 },
      ],
    });
  });

  it('sends more than is open without shares, and shows the server’s refusal under the amount', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const refusal = 'This payment of $500.00 is more than the $350.00 open on the client’s invoices.';
    const calls = mockServer(() => json({ message: refusal, errors: { amount: [refusal] } }, 422));
    const stack = setup();
    act(() => {
      void openRecordPaymentDialog(stack(), { clientId: 5 });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await within(dialog).findByText('1001');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '500');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Check number' }), '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).not.toHaveProperty('allocations');
  });
});
