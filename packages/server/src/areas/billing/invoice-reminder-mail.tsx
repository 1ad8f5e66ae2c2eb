/** @jsxRuntime automatic */
// (the pragma above: tsx runs the server with the root tsconfig, which sets no JSX runtime)
import { Text } from '@react-email/components';
import { MailAction, MailLayout, mailStyles } from '../../platform/mail/templates/layout.tsx';

/** An overdue invoice's reminder (docs/domain/billing.md, Reminders): what is due since when, and the client's link to view it. */
export function InvoiceReminder({ shop, lead, url, note }: { shop: string; lead: string; url: string; note: string }) {
  return (
    <MailLayout shop={shop} preview={lead} footer={`${shop} sent you this reminder. Reply to this message to reach us.`}>
      <Text style={mailStyles.text}>Hello,</Text>
      <Text style={mailStyles.text}>{lead}</Text>
      <MailAction label="View the invoice" url={url} note={note} />
      <Text style={mailStyles.text}>If you have already paid, thank you, and please disregard this message.</Text>
    </MailLayout>
  );
}
