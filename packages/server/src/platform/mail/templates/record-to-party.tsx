/** @jsxRuntime automatic */
// (the pragma above: tsx runs the server with the root tsconfig, which sets no JSX runtime)
import { Text } from '@react-email/components';
import { MailAction, MailLayout, mailStyles } from './layout.tsx';

/**
 * A record sent out of the shop by a person (an estimate to its client, a purchase order to its
 * vendor): the sender's own words (kept as they typed them, line breaks and all), what is attached,
 * an optional button (the estimate's approval link). The sender's words stand alone: they greet and
 * sign as they wish ("Hi Pat, … Thanks, Morgan"), so the app adds its greeting and the sender's
 * name under the message only when they wrote nothing (both came out doubled).
 */
export function RecordToParty({
  shop,
  greeting,
  message,
  lead,
  action,
  attachment,
  sender,
  footer,
}: {
  shop: string;
  /** "Dear Pat Client," or "Hello,": only for an empty message. */
  greeting: string;
  /** The sender's words; empty for none. */
  message: string;
  /** What the app says of the record: "Our estimate E-1042 Lakeside offices is attached." */
  lead: string;
  /** A button and, under it, its address written out (for a mail client that shows no buttons). */
  action?: { label: string; url: string; note?: string };
  attachment: string;
  sender: string;
  footer: string;
}) {
  const words = message.trim();
  return (
    <MailLayout shop={shop} preview={lead} footer={footer}>
      {words ? (
        words.split(/\n{2,}/).map((paragraph, i) => (
          <Text key={i} style={{ ...mailStyles.text, whiteSpace: 'pre-line' }}>
            {paragraph}
          </Text>
        ))
      ) : (
        <Text style={mailStyles.text}>{greeting}</Text>
      )}
      <Text style={mailStyles.text}>{lead}</Text>
      {action ? <MailAction {...action} /> : null}
      <Text style={{ ...mailStyles.text, marginTop: 16 }}>Attached: {attachment}</Text>
      {words ? null : (
        <Text style={mailStyles.text}>
          {sender}
          <br />
          {shop}
        </Text>
      )}
    </MailLayout>
  );
}
