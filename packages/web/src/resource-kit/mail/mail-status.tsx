/**
 * Mail in the kit (docs/platform.md, Mail): a message's status as a badge with its reason, a
 * record's messages (`RecordMail`, for an estimate's or a purchase order's page), and one message
 * as it would be sent (`openMailMessage`: HTML in a sandboxed frame, and the text part).
 */
import { MAIL_STATUS_LABELS, mailStatusText, recordMail, type MailMessage, type MailedResource } from '@glazier/shared/actions/mail';
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
      <Badge color={COLORS[message.status]} variant="light" data-testid="mail-status" style={{ flexShrink: 0 }}>
        {SHORT[message.status]}
      </Badge>
    </Tooltip>
  );
}

/** When it went, or why it has not. */
export function mailWhen(m: MailMessage): string {
  if (m.status === 'sent') return `Sent ${formatDateTime(m.sent_at)}`;
  if (m.status === 'queued' && m.next_attempt_at && m.attempts > 0) return `Next try ${formatDateTime(m.next_attempt_at)}`;
  return mailStatusText(m);
}

export const recordMailKey = (resource: string, id: number) => ['mail', resource, id] as const;

/** The messages of one record, newest first, each with its status: for the record's page (nothing, or `empty`, without any). */
export function RecordMail({ resource, id, title = 'Email', empty }: { resource: MailedResource; id: number; title?: string; empty?: string }) {
  const messages = useQuery({
    queryKey: recordMailKey(resource, id),
    queryFn: ({ signal }) => callAction(recordMail, { params: { resource, id }, signal }).then((a) => a.data),
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
              <Text size="xs" c="dimmed">
                To {[...m.to, ...m.cc].join(', ')} · {mailWhen(m)}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
