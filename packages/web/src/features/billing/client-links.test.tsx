import type { InvoiceLink } from '@glazier/shared/actions/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { ClientLinks } from './client-links.tsx';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const link = (over: Partial<InvoiceLink>): InvoiceLink => ({
  id: 1,
  invoice_id: 7,
  created_at: at(-1),
  expires_at: at(59),
  revoked_at: null,
  last_opened_at: null,
  created_by: 1,
  created_by_name: 'Ada Lovelace',
  ...over,
});

function server(links: InvoiceLink[]) {
  return mockFetch((url, init) => {
    if (url.pathname === '/sanctum/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=t';
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/invoices/7/links' && init.method === 'GET') return json({ data: links });
    const revoke = /^\/api\/invoice_links\/(\d+)\/revoke$/.exec(url.pathname);
    if (revoke && init.method === 'POST') {
      const l = links.find((x) => x.id === Number(revoke[1]))!;
      l.revoked_at = at(0);
      return json({ data: l });
    }
    return undefined;
  });
}

describe("an invoice's client links", () => {
  it('lists when each was made, expires and was last opened, and whether revoked', async () => {
    server([link({ id: 3, last_opened_at: at(-0.5) }), link({ id: 2, revoked_at: at(-2) }), link({ id: 1, expires_at: at(-1) })]);
    renderWithProviders(<ClientLinks invoiceId={7} status="sent" />, signedInQueryClient('manager'));
    const rows = await screen.findAllByTestId('client-link-row');
    expect(rows.map((r) => within(r).getByText(/^(Revoked|Expired|Active)$/).textContent)).toEqual(['Active', 'Revoked', 'Expired']);
    expect(rows[0]!.textContent).toContain('by Ada Lovelace');
    expect(rows[1]!.textContent).toContain('Not yet');
    // only the active one may be revoked
    expect(screen.getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Create client link' })).toBeTruthy();
  });

  it('revokes a link after a confirmation', async () => {
    const calls = server([link({ id: 4 })]);
    renderWithProviders(<ClientLinks invoiceId={7} status="partly_paid" />, signedInQueryClient('manager'));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Revoke this client link? The client will no longer be able to open it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(screen.getByTestId('client-link-row')).getByText('Revoked')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/invoice_links/4/revoke')).toBe(true);
  });

  it('offers no create for a draft, and no create or revoke without edit invoices', async () => {
    server([link({ id: 4 })]);
    const { unmount } = renderWithProviders(<ClientLinks invoiceId={7} status="draft" />, signedInQueryClient('manager'));
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create client link' })).toBeNull();
    unmount();
    renderWithProviders(<ClientLinks invoiceId={7} status="sent" />, signedInQueryClient('supervisor'));
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create client link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
