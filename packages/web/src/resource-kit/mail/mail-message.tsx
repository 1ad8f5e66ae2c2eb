/**
 * One message as it would be sent (admins: the Outbox): sender, recipients, subject, status with
 * the server's reply, attachments, and its two parts: the HTML in a sandboxed frame (no scripts,
 * no same-origin access, so a message can do nothing to the app) and the plain text.
 */
import { retryMail, showMail, type MailMessage } from '@glazier/shared/actions/mail';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { Button, Group, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reportError, reportSuccess } from '../forms/error-mapper.tsx';
import { callAction } from '../http/actions.ts';
import { useLoader } from '../../ui/loader.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { MailStatusBadge, mailWhen } from './mail-status.tsx';

export const canRetryMail = (m: Pick<MailMessage, 'status'>) => m.status === 'failed' || m.status === 'not_configured';

/** Retry, with its notice; answers the message as it is now. */
export function useRetryMail() {
  const loader = useLoader();
  const queryClient = useQueryClient();
  return async (id: number) => {
    try {
      const answer = await loader.run(callAction(retryMail, { params: { id } }));
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
      reportSuccess(answer.data.status === 'not_configured' ? 'Still not sent: no mail server is configured.' : 'The message is queued to be sent again.');
      return answer.data;
    } catch (e) {
      reportError(e);
      return undefined;
    }
  };
}

function MailMessageView({ id }: { id: number }) {
  const shown = useQuery({ queryKey: ['mail', 'message', id], queryFn: ({ signal }) => callAction(showMail, { params: { id }, signal }).then((a) => a.data) });
  const retry = useRetryMail();
  const m = shown.data;
  if (!m) return <Text c="dimmed">{shown.isError ? 'This message could not be read.' : 'Loading…'}</Text>;
  const rows: [string, string][] = [
    ['From', m.from],
    ['To', m.to.join(', ')],
    ...(m.cc.length ? ([['Cc', m.cc.join(', ')]] as [string, string][]) : []),
    ['Subject', m.subject],
    ['Written', `${formatDateTime(m.created_at)}${m.created_by_name ? ` by ${m.created_by_name}` : ''}`],
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
        {canRetryMail(m) && (
          <Button size="xs" variant="light" style={{ flexShrink: 0 }} onClick={() => void retry(m.id)}>
            Retry
          </Button>
        )}
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
