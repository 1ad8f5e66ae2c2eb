/**
 * The Outbox (`/outbox`, admins): every message Glazier wrote, newest first, with its recipients,
 * subject, record, status with when it went or why it has not (the mail server's last reply, in
 * words under the badge, on a phone too), and attempts. A row opens the message as it would be
 * sent; Retry sends a failed one, or one kept without a mail server, again; Send now sends a
 * queued one without waiting for its next try. It changes as messages go (live notices). The
 * status filter and the page are kept in the address.
 */
import type { MailMessage } from '@glazier/shared/actions/mail';
import { MAIL_STATUSES, MAIL_STATUS_LABELS, mailStatusText } from '@glazier/shared/actions/mail-status';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAction } from '../../resource-kit/http/actions.ts';
import { useListFilters } from '../../resource-kit/lists/list-state.tsx';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { MAIL_LIVE, MailStatusBadge, MailWhy, mailWhen } from '../../resource-kit/mail/mail-status.tsx';
import { MailActionButton, openMailMessage } from '../../resource-kit/mail/mail-message.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useMailStatus } from './mail-settings.tsx';

const PER_PAGE = 50;

export function OutboxPage() {
  const modals = useModals();
  const setup = useMailStatus();
  const [filters, setFilter] = useListFilters({ status: null, page: null });
  const status = (MAIL_STATUSES as readonly string[]).includes(filters.status ?? '') ? (filters.status as MailMessage['status']) : undefined;
  const page = Math.max(1, Number(filters.page) || 1);
  const outbox = useQuery({
    queryKey: ['mail', 'outbox', status ?? 'all', page],
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['mail.outbox'], { query: { status, page, per_page: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
    meta: MAIL_LIVE,
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
      // the badge, and under it when it went or why not (the server's last reply): words a phone shows
      key: 'status',
      label: 'Status',
      text: (m) => (m.status === 'sent' ? mailWhen(m) : mailStatusText(m)),
      value: (m) => m.sent_at ?? m.status,
      render: (m) => (
        <Stack gap={2} miw={150} maw={320}>
          <Group gap={6} wrap="nowrap">
            <MailStatusBadge message={m} />
            {/* on a phone the message's own view has Retry and Send now (the row has no room for them) */}
            <Group visibleFrom="sm">
              <MailActionButton message={m} compact />
            </Group>
          </Group>
          <MailWhy message={m} />
        </Stack>
      ),
    },
    {
      key: 'to',
      label: 'To',
      text: (m) => [...m.to, ...m.cc].join(', '),
      render: (m) => <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{[...m.to, ...m.cc].join(', ')}</span>,
      visibleFrom: 'sm',
    },
    {
      key: 'record',
      label: 'Record',
      text: (m) => m.record_label ?? '',
      render: (m) => <span style={{ whiteSpace: 'normal' }}>{m.record_label}</span>,
      visibleFrom: 'md',
    },
    { key: 'attempts', label: 'Attempts', numeric: true, text: (m) => String(m.attempts), value: (m) => m.attempts, visibleFrom: 'sm' },
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
