/**
 * The Outbox (`/outbox`, admins): every message Glazier wrote, newest first, with its recipients,
 * subject, record, status (and the mail server's reply), attempts and when it went. A row opens the
 * message as it would be sent; Retry sends a failed one, or one kept without a mail server, again.
 * The status filter and the page are kept in the address.
 */
import { MAIL_STATUSES, MAIL_STATUS_LABELS, listOutbox, mailStatusText, type MailMessage } from '@glazier/shared/actions/mail';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAction } from '../../resource-kit/http/actions.ts';
import { useListFilters } from '../../resource-kit/lists/list-state.tsx';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { MailStatusBadge } from '../../resource-kit/mail/mail-status.tsx';
import { canRetryMail, openMailMessage, useRetryMail } from '../../resource-kit/mail/mail-message.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useMailStatus } from './mail-settings.tsx';

const PER_PAGE = 50;

export function OutboxPage() {
  const modals = useModals();
  const retry = useRetryMail();
  const setup = useMailStatus();
  const [filters, setFilter] = useListFilters({ status: null, page: null });
  const status = (MAIL_STATUSES as readonly string[]).includes(filters.status ?? '') ? (filters.status as MailMessage['status']) : undefined;
  const page = Math.max(1, Number(filters.page) || 1);
  const outbox = useQuery({
    queryKey: ['mail', 'outbox', status ?? 'all', page],
    queryFn: ({ signal }) => callAction(listOutbox, { query: { status, page, per_page: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: ReportColumn<MailMessage>[] = [
    {
      key: 'subject',
      label: 'Subject',
      text: (m) => m.subject,
      // on a phone the To column is hidden: the recipients go under the subject
      render: (m) => (
        <>
          {m.subject}
          <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
            To {[...m.to, ...m.cc].join(', ')}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      text: (m) => mailStatusText(m),
      render: (m) => (
        <Group gap={6} wrap="nowrap">
          <MailStatusBadge message={m} />
          {canRetryMail(m) && (
            // on a phone the message's own view has Retry (the row has no room for it)
            <Button
              size="compact-xs"
              variant="subtle"
              visibleFrom="sm"
              onClick={(e) => {
                e.stopPropagation();
                void retry(m.id);
              }}
            >
              Retry
            </Button>
          )}
        </Group>
      ),
    },
    { key: 'to', label: 'To', text: (m) => [...m.to, ...m.cc].join(', '), visibleFrom: 'sm' },
    { key: 'record', label: 'Record', text: (m) => m.record_label ?? '', visibleFrom: 'md' },
    { key: 'attempts', label: 'Attempts', numeric: true, text: (m) => String(m.attempts), value: (m) => m.attempts, visibleFrom: 'sm' },
    { key: 'sent_at', label: 'Sent', text: (m) => (m.sent_at ? formatDateTime(m.sent_at) : ''), value: (m) => m.sent_at, visibleFrom: 'sm' },
  ];
  const total = outbox.data?.total ?? 0;

  return (
    <Stack gap="md">
      <ScreenTitle>Outbox</ScreenTitle>
      {setup.data && !setup.data.configured && (
        <Alert color="gray" title="No mail server configured">
          Messages are kept here and not sent. Set SMTP_URL, MAIL_FROM and PUBLIC_URL on the server to send them (README, Mail); then Retry sends the kept ones.
        </Alert>
      )}
      <Group>
        <Select
          label="Status"
          placeholder="Any"
          clearable
          maw={280}
          data={MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] }))}
          value={status ?? null}
          onChange={(v) => {
            setFilter('status', v);
            setFilter('page', null);
          }}
        />
      </Group>
      <ReportTable
        title="Messages"
        description={outbox.data ? `${total} message${total === 1 ? '' : 's'}, newest first.` : undefined}
        columns={columns}
        rows={outbox.data?.data ?? []}
        rowKey={(m) => m.id}
        csvName="outbox"
        onRowClick={(m) => void openMailMessage(modals, m.id)}
        rowLabel={(m) => `Open the message “${m.subject}”`}
        emptyText={outbox.isPending ? 'Loading…' : 'No messages.'}
        testId="outbox"
        footer={
          total > PER_PAGE ? (
            <Pager total={Math.ceil(total / PER_PAGE)} value={page} onChange={(p) => setFilter('page', p === 1 ? null : String(p))} />
          ) : (
            <Text size="xs" c="dimmed">
              Open a message to see it as it would be sent.
            </Text>
          )
        }
      />
    </Stack>
  );
}
