import type { ApprovalLink } from '@glazier/shared/actions/estimating';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { ApprovalLinks } from './approval-link.tsx';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const link = (over: Partial<ApprovalLink>): ApprovalLink => ({
  id: 1,
  estimate_id: 5,
  created_at: at(-1),
  expires_at: at(13),
  revoked_at: null,
  accepted_at: null,
  accepted_name: null,
  accepted_ip: null,
  accepted_alternates: [],
  declined_at: null,
  declined_name: null,
  declined_reason: null,
  created_by: 1,
  created_by_name: 'Ada Lovelace',
  ...over,
});

function server(links: ApprovalLink[]) {
  return mockFetch((url, init) => {
    if (url.pathname === '/sanctum/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=t';
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/estimates/5/approval_links' && init.method === 'GET') return json({ data: links });
    if (url.pathname === '/api/estimates/5/approval_links' && init.method === 'POST') {
      const made = link({ id: 9, created_at: at(0), expires_at: at(14) });
      links.unshift(made);
      return json({ data: made, token: 'TOKEN_abc', path: '/approve/TOKEN_abc', url: 'http://server/approve/TOKEN_abc' }, 201);
    }
    const revoke = /^\/api\/estimate_approvals\/(\d+)\/revoke$/.exec(url.pathname);
    if (revoke && init.method === 'POST') {
      const l = links.find((x) => x.id === Number(revoke[1]))!;
      l.revoked_at = at(0);
      return json({ data: l });
    }
    return undefined;
  });
}

describe('approval links', () => {
  it('lists the links with their state and who accepted', async () => {
    server([
      link({ id: 3, accepted_at: at(-1), accepted_name: 'Ana Reyes', accepted_ip: '203.0.113.9' }),
      link({ id: 2, revoked_at: at(-2) }),
      link({ id: 1, expires_at: at(-1) }),
    ]);
    renderWithProviders(<ApprovalLinks estimateId={5} status="won" />, signedInQueryClient('manager'));
    const rows = await screen.findAllByTestId('approval-link-row');
    expect(rows.map((r) => within(r).getByText(/^(Accepted|Revoked|Expired|Active)$/).textContent)).toEqual(['Accepted', 'Revoked', 'Expired']);
    expect(rows[0]!.textContent).toContain('Ana Reyes');
    expect(rows[0]!.textContent).toContain('from 203.0.113.9');
    expect(rows[0]!.textContent).toContain('by Ada Lovelace');
    // no link is made for an estimate that is not open, and none of these may be revoked
    expect(screen.queryByRole('button', { name: 'Create approval link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('makes a link for an open estimate and shows its URL once, with Copy', async () => {
    const calls = server([]);
    renderWithProviders(<ApprovalLinks estimateId={5} status="open" />, signedInQueryClient('manager'));
    expect(await screen.findByText(/No approval link yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create approval link' }));
    const made = await screen.findByTestId('approval-new-link');
    expect((within(made).getByRole('textbox', { name: 'Approval link' }) as HTMLInputElement).value).toBe(`${window.location.origin}/approve/TOKEN_abc`);
    expect(within(made).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/estimates/5/approval_links']);
    await waitFor(() => expect(screen.getAllByTestId('approval-link-row')).toHaveLength(1));
    await userEvent.click(within(made).getByRole('button', { name: 'Close the new link' }));
    expect(screen.queryByTestId('approval-new-link')).toBeNull();
  });

  it('revokes an active link after a confirmation', async () => {
    const calls = server([link({ id: 4 })]);
    renderWithProviders(<ApprovalLinks estimateId={5} status="open" />, signedInQueryClient('manager'));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Revoke this approval link? The client will no longer be able to open it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(screen.getByTestId('approval-link-row')).getByText('Revoked')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/estimate_approvals/4/revoke')).toBe(true);
  });

  it('offers no create or revoke without edit estimates', async () => {
    server([link({ id: 4 })]);
    renderWithProviders(<ApprovalLinks estimateId={5} status="open" />, signedInQueryClient('supervisor'));
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create approval link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
