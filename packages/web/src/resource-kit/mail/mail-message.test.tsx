import type { MailMessageFull } from '@glazier/shared/actions/mail';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openMailMessage } from './mail-message.tsx';

const message = (over: Partial<MailMessageFull> = {}): MailMessageFull => ({
  id: 7,
  message_id: '<m@x>',
  kind: 'estimate_to_client',
  to: ['pat@client.test'],
  cc: [],
  subject: 'Estimate E-1042 from Clearview',
  resource: 'estimates',
  record_id: 5,
  record_label: 'Lakeside offices',
  status: 'queued',
  attempts: 2,
  last_error: '451 4.2.0 Mailbox busy, try later',
  sent_reply: null,
  next_attempt_at: '2026-11-29T15:30:00Z',
  sent_at: null,
  created_at: '2026-11-29T15:00:00Z',
  created_by_name: 'Morgan',
  from: 'office@clearview.test',
  reply_to: null,
  html: '<p>Hello</p>',
  text: 'Hello',
  attachments: [],
  ...over,
});

function show(initial: MailMessageFull, after: MailMessageFull) {
  let current = initial;
  const calls = mockFetch((url, init) => {
    if (url.pathname === '/sanctum/csrf-cookie') return json(null, 204);
    if (url.pathname === `/api/mail/outbox/${initial.id}` && init.method === 'GET') return json({ data: current });
    if (url.pathname === `/api/mail/outbox/${initial.id}/send_now` && init.method === 'POST') {
      current = after;
      return json({ data: after });
    }
    return undefined;
  });
  const stack = renderModalStack('admin');
  act(() => void openMailMessage(stack(), initial.id));
  return calls;
}

describe('a message of the outbox', () => {
  it('says why a queued message waits (the mail server’s last reply, in words) and sends it now on request', async () => {
    const calls = show(
      message(),
      message({ status: 'sent', attempts: 3, last_error: null, sent_reply: '250 2.0.0 Ok: queued as 4F2A', sent_at: '2026-11-29T15:10:00Z' }),
    );
    const view = await screen.findByTestId('mail-message');
    expect(view.textContent).toContain('Last reply: 451 4.2.0 Mailbox busy, try later');
    expect(view.textContent).toContain('2 attempts');
    expect(within(view).queryByRole('button', { name: 'Retry' })).toBeNull();
    await userEvent.click(within(view).getByRole('button', { name: 'Send now' }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/mail/outbox/7/send_now']);
    // read again: sent, with the server's acceptance, and nothing more to press
    expect(await within(view).findByText('250 2.0.0 Ok: queued as 4F2A')).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('offers Retry, not Send now, for a failed message, with the refusal in words', async () => {
    show(message({ status: 'failed', attempts: 1, last_error: '550 5.1.1 No such mailbox', next_attempt_at: null }), message());
    const view = await screen.findByTestId('mail-message');
    expect(view.textContent).toContain('Last reply: 550 5.1.1 No such mailbox');
    expect(within(view).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(view).queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});
