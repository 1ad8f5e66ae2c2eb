/**
 * Mail in the kit (docs/platform.md, Mail): a message's status as a badge with its reason, a
 * record's messages (`RecordMail`, for an estimate's or a purchase order's page), and one message
 * as it would be sent (`openMailMessage`: HTML in a sandboxed frame, and the text part).
 */
import type { MailMessage, MailedResource } from '@glazier/shared/actions/mail';
import { MAIL_LIVE_TOPIC, MAIL_STATUS_LABELS, mailStatusText } from '@glazier/shared/actions/mail-status';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CardHeading } from '../../ui/card-heading.tsx';
import { callAction } from '../http/actions.ts';

const COLORS: Record<MailMessage['status'], string> = { queued: 'blue', sending: 'blue', sent: 'green', failed: 'red', not_configured: 'gray' };

/** Short words on the badge; the whole status (with the server's reply) in its tooltip and beside it. */
const SHORT: Record<MailMessage['status'], string> = { ...MAIL_STATUS_LABELS, not_configured: 'Not sent' };

export function MailStatusBadge({ message }: { message: Pick<MailMessage, 'status' | 'last_error' | 'attempts'> }) {
  return (
    <Tooltip label={mailStatusText(message)} multiline maw={360} withinPortal>
      {/* as wide as its words: a narrow column must not cut them ("FAIL…") */}
      <Badge color={COLORS[message.status]} variant="light" data-testid="mail-status" style={{ flexShrink: 0, minWidth: 'max-content' }}>
        {SHORT[message.status]}
      </Badge>
    </Tooltip>
  );
}

/**
 * When it went, or why it has not, in words shown beside the badge (a phone opens no tooltip):
 * "Sent 3/4/2026, 10:02 AM", "Next try 10:30 AM. Last reply: 451 Mailbox busy", "Last reply: 550 No such mailbox".
 */
export function mailWhen(m: MailMessage): string {
  if (m.status === 'sent') return `Sent ${formatDateTime(m.sent_at)}`;
  if (m.status === 'queued' && m.next_attempt_at && m.attempts > 0)
    return `Next try ${formatDateTime(m.next_attempt_at)}${m.last_error ? `. Last reply: ${m.last_error}` : ''}`;
  if (m.status === 'failed' && m.last_error) return `Last reply: ${m.last_error}`;
  if (m.status === 'not_configured') return 'No mail server configured';
  return MAIL_STATUS_LABELS[m.status];
}

/** The line under a message's badge in a list: its when or why, unless the badge says it all (queued for its first try, sending). */
export function MailWhy({ message: m }: { message: MailMessage }) {
  const text = mailWhen(m);
  if (text === SHORT[m.status]) return null;
  return (
    <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="mail-why">
      {text}
    </Text>
  );
}

/** A query of messages refetches when the server says one changed (written, sent, refused: live/). */
export const MAIL_LIVE = { liveOn: [MAIL_LIVE_TOPIC] } as const;

export const recordMailKey = (resource: string, id: number) => ['mail', resource, id] as const;

/** The messages of one record, newest first, each with its status: for the record's page (nothing, or `empty`, without any). */
export function RecordMail({ resource, id, title = 'Email', empty }: { resource: MailedResource; id: number; title?: string; empty?: string }) {
  const messages = useQuery({
    queryKey: recordMailKey(resource, id),
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['mail.record'], { params: { resource, id }, signal }).then((a) => a.data),
    meta: MAIL_LIVE,
  });
  if (!messages.data?.length)
    return empty && messages.isSuccess ? (
      <Text c="dimmed" size="sm" data-testid="record-mail-empty">
        {empty}
      </Text>
    ) : null;
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="record-mail">
      <CardHeading title={title} />
      <Stack gap="xs">
        {messages.data.map((m) => (
          <Group key={m.id} gap="sm" wrap="nowrap" align="flex-start">
            <MailStatusBadge message={m} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {m.subject}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                To {[...m.to, ...m.cc].join(', ')} · {mailWhen(m)}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
