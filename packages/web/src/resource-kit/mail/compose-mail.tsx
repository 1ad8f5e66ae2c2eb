/**
 * Sending a record by email (Send to client, Email to vendor): To and CC (addresses as tags, typed,
 * pasted or separated by commas), the sender's message, and a line saying what the app adds (the
 * attached PDF, a link). `send` is the record's named action; the server writes the message to the
 * outbox in the change's transaction, so the dialog closes on its answer and the record's Email
 * section shows the message's status. Field errors from the server show under their fields.
 *
 *   const sent = await openComposeMail(modals, { title: 'Send to client', to: [contact], attachment: 'Estimate X.pdf',
 *     send: (body) => callAction(sendEstimate, { params: { id }, body }) });
 */
import { MAIL_MESSAGE_MAX, mailAddress, type ComposedMail, type MailMessage } from '@glazier/shared/actions/mail';
import { Alert, TagsInput, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { reportError } from '../forms/error-mapper.tsx';
import { recordMailKey } from './mail-status.tsx';

export interface ComposeMailOptions<T extends { mail: MailMessage }> {
  title: string;
  /** Prefilled recipients (the estimate's contact, the vendor's email); may be empty. */
  to: string[];
  cc?: string[];
  /** What the app attaches or adds, shown above the buttons ("Estimate Lakeside.pdf and the approval link"). */
  attachment: ReactNode;
  /** The send button's label ("Send"). */
  sendLabel?: string;
  /** The record's messages to refresh on the page once sent. */
  record: { resource: string; id: number };
  send: (body: ComposedMail) => Promise<T>;
  testId?: string;
}

const isAddress = (s: string) => mailAddress.safeParse(s).success;
/** Addresses as typed or pasted ("a@b.test, c@d.test;" in one piece): one each, trimmed, once. */
const addresses = (values: string[]) => [...new Set(values.flatMap((v) => v.split(/[\s,;]+/)).filter(Boolean))];
const FIELDS = ['to', 'cc', 'message', ...Array.from({ length: 20 }, (_, i) => [`to.${i}`, `cc.${i}`]).flat()];
type Field = 'to' | 'cc' | 'message';

/** Addresses as tags: typed (Enter or a comma after each), pasted as a list, or left typed when the field loses focus. */
function AddressField({
  label,
  value,
  onChange,
  error,
  description,
}: {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
  description?: string;
}) {
  return (
    <TagsInput
      label={label}
      value={value}
      onChange={(v) => onChange(addresses(v))}
      splitChars={[',', ';', ' ']}
      acceptValueOnBlur
      clearable
      error={error}
      description={description}
      data-testid={`compose-${label.toLowerCase()}`}
    />
  );
}

function ComposeMailBody<T extends { mail: MailMessage }>({ options }: { options: ComposeMailOptions<T> }) {
  const modal = useModal<T>();
  const loader = useLoader();
  const queryClient = useQueryClient();
  const [to, setTo] = useState(options.to);
  const [cc, setCc] = useState(options.cc ?? []);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const setError = (field: Field, text: string | undefined) => setErrors((e) => ({ ...e, [field]: text }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const badTo = to.find((a) => !isAddress(a));
    const badCc = cc.find((a) => !isAddress(a));
    const found: Partial<Record<Field, string>> = {
      to: !to.length ? 'Enter who gets it.' : badTo ? `${badTo} is not an email address.` : undefined,
      cc: badCc ? `${badCc} is not an email address.` : undefined,
    };
    setErrors(found);
    if (found.to || found.cc) return;
    try {
      const answer = await loader.run(options.send({ to, cc, message }));
      void queryClient.invalidateQueries({ queryKey: recordMailKey(options.record.resource, options.record.id) });
      modal.close(answer);
    } catch (e) {
      reportError(e, { form: { fields: FIELDS, setFieldError: (field, text) => setError(field.split('.')[0] as Field, text) } });
    }
  };

  return (
    <DialogForm onSubmit={(e) => void submit(e)} footer={<DialogActions saveLabel={options.sendLabel ?? 'Send'} />}>
      <AddressField
        label="To"
        value={to}
        onChange={(v) => (setTo(v), setError('to', undefined))}
        error={errors.to}
        description="Press Enter or type a comma after each address."
      />
      <AddressField label="Cc" value={cc} onChange={(v) => (setCc(v), setError('cc', undefined))} error={errors.cc} />
      <TextAreaField
        label="Message"
        value={message}
        onChange={(e) => (setMessage(e.currentTarget.value), setError('message', undefined))}
        error={errors.message}
        maxLength={MAIL_MESSAGE_MAX}
        minRows={4}
        helper="Your words go first as you write them, greeting and sign-off too; the app adds what is attached below them (left empty, it greets and signs for you). Replies come to you."
        data-testid="compose-message"
      />
      <Alert variant="light" color="gray" icon={<IconPaperclip size={18} />} p="xs">
        <Text size="sm">{options.attachment}</Text>
      </Alert>
    </DialogForm>
  );
}

/** The notice once sent: on its way, or kept because no mail server is configured (never "sent" when it was not). */
export function mailQueuedNotice(what: string, mail: MailMessage): string {
  return mail.status === 'not_configured'
    ? `${what} is kept in the Outbox, not sent: no mail server is configured.`
    : `${what} is on its way to ${mail.to.join(', ')}.`;
}

/** Opens the dialog; resolves with the send action's answer, or null when closed without sending. */
export function openComposeMail<T extends { mail: MailMessage }>(modals: ModalStackApi, options: ComposeMailOptions<T>): Promise<T | null> {
  return modals.push<T>(() => <ComposeMailBody options={options} />, { title: options.title, size: 'lg', testId: options.testId ?? 'compose-mail' });
}
