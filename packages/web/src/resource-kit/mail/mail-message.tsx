/**
 * One message as it would be sent (admins: the Outbox): sender, recipients, subject, status with
 * the server's reply, attachments, and its two parts: the HTML in a sandboxed frame (no scripts,
 * no same-origin access, so a message can do nothing to the app) and the plain text.
 */
import type { MailMessage, retryMail, sendMailNow } from '@glazier/shared/actions/mail';
import { ACTION_ROUTES, type ActionRoute } from '@glazier/shared/actions/routes';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { Button, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reportError, reportSuccess } from '../forms/error-mapper.tsx';
import { callAction } from '../http/actions.ts';
import { useLoader } from '../../ui/loader.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { MAIL_LIVE, MailStatusBadge, mailWhen } from './mail-status.tsx';

export const canRetryMail = (m: Pick<MailMessage, 'status'>) => m.status === 'failed' || m.status === 'not_configured';
/** A message waiting for its (next) try may go now; the server's claim still sends it once. */
export const canSendMailNow = (m: Pick<MailMessage, 'status'>) => m.status === 'queued';

/** Retry or Send now, with its notice; answers the message as it is now. */
function useMailAction(action: ActionRoute<typeof retryMail | typeof sendMailNow>, said: (m: MailMessage) => string) {
  const loader = useLoader();
  const queryClient = useQueryClient();
  return async (id: number) => {
    try {
      const answer = await loader.run(callAction(action, { params: { id } }));
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
      reportSuccess(said(answer.data));
      return answer.data;
    } catch (e) {
      reportError(e);
      return undefined;
    }
  };
}

export const useRetryMail = () =>
  useMailAction(ACTION_ROUTES['mail.retry'], (m) =>
    m.status === 'not_configured' ? 'Still not sent: no mail server is configured.' : 'The message is queued to be sent again.',
  );

export const useSendMailNow = () => useMailAction(ACTION_ROUTES['mail.send_now'], () => 'The message is being sent now.');

/** Retry or Send now, whichever the message takes (none while it is sending or once sent). */
export function MailActionButton({ message: m, compact }: { message: MailMessage; compact?: boolean }) {
  const retry = useRetryMail();
  const sendNow = useSendMailNow();
  const [label, run] = canRetryMail(m) ? ['Retry', retry] : canSendMailNow(m) ? ['Send now', sendNow] : [null, null];
  if (!label || !run) return null;
  return (
    <Button
      size={compact ? 'compact-xs' : 'xs'}
      variant={compact ? 'subtle' : 'light'}
      style={{ flexShrink: 0 }}
      onClick={(e) => {
        e.stopPropagation(); // in a list, the row opens the message
        void run(m.id);
      }}
    >
      {label}
    </Button>
  );
}

function MailMessageView({ id }: { id: number }) {
  const shown = useQuery({
    queryKey: ['mail', 'message', id],
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['mail.show'], { params: { id }, signal }).then((a) => a.data),
    meta: MAIL_LIVE,
  });
  const m = shown.data;
  if (!m) return <Text c="dimmed">{shown.isError ? 'This message could not be read.' : 'Loading…'}</Text>;
  const rows: [string, string][] = [
    ['From', m.from],
    ['To', m.to.join(', ')],
    ...(m.cc.length ? ([['Cc', m.cc.join(', ')]] as [string, string][]) : []),
    ['Subject', m.subject],
    ['Written', `${formatDateTime(m.created_at)}${m.created_by_name ? ` by ${m.created_by_name}` : ''}`],
    // the server's acceptance (its queue id, for its logs); a refusal is in the status line above
    ...(m.sent_reply ? ([['Accepted', m.sent_reply]] as [string, string][]) : []),
    ...(m.record_label ? ([['Record', m.record_label]] as [string, string][]) : []),
    ...(m.attachments.length
      ? ([['Attachments', m.attachments.map((a) => `${a.filename} (${Math.max(1, Math.round(a.size / 1024))} KB)`).join(', ')]] as [string, string][])
      : []),
  ];
  return (
    <Stack gap="sm" data-testid="mail-message">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <MailStatusBadge message={m} />
        <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
          {mailWhen(m)}
          {m.attempts > 0 ? ` · ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}` : ''}
        </Text>
        <MailActionButton message={m} />
      </Group>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={96} c="dimmed" fw={500}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Tabs defaultValue="html" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
          <Tabs.Tab value="text">Text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          {/* sandbox with no permissions: no scripts, no forms, no access to the app's origin */}
          <iframe
            title={`The message “${m.subject}” as HTML`}
            sandbox=""
            srcDoc={m.html}
            style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, background: '#fff' }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }} data-testid="mail-text">
            {m.text}
          </Text>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export function openMailMessage(modals: ModalStackApi, id: number): Promise<unknown> {
  return modals.push(() => <MailMessageView id={id} />, { title: 'Message', size: 'lg', testId: 'mail-message-dialog' });
}
