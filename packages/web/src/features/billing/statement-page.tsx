/**
 * Statement of account (`/billing/statement`; docs/domain/billing.md, Receivables): a client and a
 * date range, kept in the address (the client's dialog opens it with the client chosen); Preview
 * (the PDF in a new tab), Download PDF, and Send (the compose dialog, to the client's email by
 * default: the statement goes through the outbox with the PDF attached); the client's messages
 * beneath, with their status.
 */
import { clientStatement, sendClientStatement } from '@glazier/shared/actions/billing';
import { formatDate, toIsoDate } from '@glazier/shared/rules/dates';
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconSend } from '@tabler/icons-react';
import { reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction, downloadHref } from '../../resource-kit/http/actions.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useListFilters } from '../../resource-kit/lists/list-state.tsx';
import { RecordMail } from '../../resource-kit/mail/mail-status.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useRecord } from '../../resource-kit/records/queries.ts';
import { DateField } from '../../ui/date-field.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';

/** The first day of the month `back` months before the given day's. */
export function monthStart(day: string, back = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

/** The statement's PDF address for a client and a range; `inline` shows it in the browser. */
export function statementHref(clientId: number, range: { start: string; end: string }, inline = false): string {
  const q = new URLSearchParams({ start: range.start, end: range.end, ...(inline ? { inline: '1' } : {}) });
  return `${downloadHref(clientStatement, { id: clientId })}?${q.toString()}`;
}

export function StatementPage() {
  const modals = useModals();
  const canEdit = useCan('edit', 'invoices');
  const today = toIsoDate(new Date());
  const defaultStart = monthStart(today, 2);
  const [filters, setFilter] = useListFilters({ client: null, start: defaultStart, end: today });
  const clientId = filters.client ? Number(filters.client) : null;
  const client = useRecord('clients', clientId).data;
  const range = { start: filters.start ?? defaultStart, end: filters.end ?? today };
  const badRange = range.end < range.start;

  const send = async () => {
    if (clientId == null) return;
    const { mailQueuedNotice, openComposeMail } = await import('../../resource-kit/mail/compose-mail.tsx');
    const sent = await openComposeMail(modals, {
      title: 'Send statement',
      // the client's address by default; the sender may type another
      to: client?.email ? [client.email] : [],
      attachment: `The statement from ${formatDate(range.start)} to ${formatDate(range.end)} is attached as a PDF.`,
      record: { resource: 'clients', id: clientId },
      send: (body) => callAction(sendClientStatement, { params: { id: clientId }, body: { ...body, ...range } }),
      testId: 'send-statement-dialog',
    });
    if (sent) reportSuccess(mailQueuedNotice('The statement', sent.mail));
  };

  return (
    <Stack gap="md">
      <ScreenTitle>Statement of account</ScreenTitle>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Box w={280} maw="100%">
              <RecordPicker
                resource="clients"
                label="Client"
                value={clientId}
                onChange={(id) => setFilter('client', id == null ? null : String(id))}
                data-testid="statement-client"
              />
            </Box>
            <DateField label="From" value={range.start} onChange={(d) => setFilter('start', d)} w={170} data-testid="statement-start" />
            <DateField
              label="To"
              value={range.end}
              onChange={(d) => setFilter('end', d)}
              error={badRange ? 'The end cannot be before the start.' : undefined}
              w={170}
              data-testid="statement-end"
            />
          </Group>
          <Text size="sm" c="dimmed">
            The balance brought forward, each invoice and payment of the range with the running balance, the balance on the last day, and the invoices still
            open.
          </Text>
          {clientId != null && !badRange ? (
            <Group gap="xs">
              <Button
                variant="default"
                component="a"
                href={statementHref(clientId, range, true)}
                target="_blank"
                rel="noopener"
                leftSection={<IconEye size={16} />}
              >
                Preview
              </Button>
              <Button
                variant="default"
                component="a"
                href={statementHref(clientId, range)}
                download
                leftSection={<IconDownload size={16} />}
                data-testid="statement-download"
              >
                Download PDF
              </Button>
              {canEdit && (
                <Button leftSection={<IconSend size={16} />} onClick={() => void send()} data-testid="send-statement">
                  Send
                </Button>
              )}
            </Group>
          ) : (
            clientId == null && (
              <Alert variant="light" color="gray">
                Choose a client to see their statement.
              </Alert>
            )
          )}
        </Stack>
      </Paper>
      {clientId != null && <RecordMail resource="clients" id={clientId} title="Email to the client" empty="No email sent to this client yet." />}
    </Stack>
  );
}
