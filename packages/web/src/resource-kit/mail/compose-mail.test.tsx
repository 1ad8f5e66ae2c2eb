import type { MailMessage } from '@glazier/shared/actions/mail';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http.ts';
import { renderModalStack } from '../../test/render.tsx';
import { mailQueuedNotice, openComposeMail } from './compose-mail.tsx';

const message = (over: Partial<MailMessage> = {}): MailMessage => ({
  id: 1,
  message_id: '<m@x>',
  kind: 'estimate_to_client',
  to: ['pat@client.test'],
  cc: [],
  subject: 'Estimate',
  resource: 'estimates',
  record_id: 5,
  record_label: null,
  status: 'queued',
  attempts: 0,
  last_error: null,
  sent_reply: null,
  next_attempt_at: null,
  sent_at: null,
  created_at: '2026-11-29T00:00:00Z',
  created_by_name: null,
  ...over,
});

function open(send: (body: unknown) => Promise<{ mail: MailMessage }>) {
  const stack = renderModalStack('manager');
  let result!: Promise<{ mail: MailMessage } | null>;
  act(() => {
    result = openComposeMail(stack(), {
      title: 'Send to client',
      to: ['pat@client.test'],
      attachment: 'The PDF',
      record: { resource: 'estimates', id: 5 },
      send,
    });
  });
  return result;
}

describe('the compose dialog', () => {
  it('prefills To, takes CC and a message, and sends them; resolves with the answer', async () => {
    const bodies: unknown[] = [];
    const answered = open(async (body) => (bodies.push(body), { mail: message() }));
    const dialog = await screen.findByTestId('compose-mail');
    expect(within(dialog).getByText('pat@client.test')).toBeTruthy();
    // two addresses pasted in one piece become two
    await userEvent.click(within(dialog).getByLabelText('Cc'));
    await userEvent.paste('sam@client.test, lee@client.test;');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Here it is.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await expect(answered).resolves.toMatchObject({ mail: { kind: 'estimate_to_client' } });
    expect(bodies).toEqual([{ to: ['pat@client.test'], cc: ['sam@client.test', 'lee@client.test'], message: 'Here it is.' }]);
  });

  it('says what is wrong under its field: a typed address that is none (before asking), and the server’s refusal of one', async () => {
    const bodies: unknown[] = [];
    void open(async (body) => {
      bodies.push(body);
      throw new HttpError(422, { message: 'Invalid', errors: { 'cc.0': ['Must be an email address.'] } });
    });
    const dialog = await screen.findByTestId('compose-mail');
    const cc = within(dialog).getByLabelText('Cc');
    await userEvent.type(cc, 'not-an-address,');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('not-an-address is not an email address.')).toBeTruthy();
    expect(bodies).toEqual([]);

    // the check passes here and the server refuses: its message shows under Cc
    await userEvent.type(cc, '{Backspace}x@y.test,'); // Backspace in the empty input takes the last address off
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Must be an email address.')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('compose-mail')).toBeTruthy());
  });

  it('never says sent when no mail server is configured', () => {
    expect(mailQueuedNotice('The estimate', message({ status: 'not_configured' }))).toBe(
      'The estimate is kept in the Outbox, not sent: no mail server is configured.',
    );
    expect(mailQueuedNotice('The estimate', message({ to: ['a@b.test', 'c@d.test'] }))).toBe('The estimate is on its way to a@b.test, c@d.test.');
  });
});
