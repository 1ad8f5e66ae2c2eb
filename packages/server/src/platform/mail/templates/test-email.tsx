/** @jsxRuntime automatic */
// (the pragma above: tsx runs the server with the root tsconfig, which sets no JSX runtime)
import { Text } from '@react-email/components';
import { MailLayout, mailStyles } from './layout.tsx';

/** "Send a test email" (Settings): says the mail server took a message from Glazier. */
export function TestEmail({ shop, sentBy }: { shop: string; sentBy: string }) {
  return (
    <MailLayout shop={shop} preview="Glazier can send email." footer={`Sent from Glazier at ${sentBy}'s request (Settings, Send a test email).`}>
      <Text style={mailStyles.text}>This is a test message from Glazier.</Text>
      <Text style={mailStyles.text}>If you are reading it, the mail server accepted it and messages from {shop} will reach their readers.</Text>
    </MailLayout>
  );
}
