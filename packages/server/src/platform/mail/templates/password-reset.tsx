/** @jsxRuntime automatic */
// (the pragma above: tsx runs the server with the root tsconfig, which sets no JSX runtime)
import { Text } from '@react-email/components';
import { MailAction, MailLayout, mailStyles } from './layout.tsx';

/** The forgot-password link: one use, valid for `hours`. */
export function PasswordReset({ shop, name, url, hours }: { shop: string; name: string; url: string; hours: number }) {
  return (
    <MailLayout
      shop={shop}
      preview="Set a new password for Glazier."
      footer="You get this message because someone asked for a password reset for this address. If it was not you, ignore it: your password stays as it is."
    >
      <Text style={mailStyles.text}>Hello {name},</Text>
      <Text style={mailStyles.text}>Use the button below to set a new password. The link works once, for {hours} hours.</Text>
      <MailAction label="Set a new password" url={url} />
    </MailLayout>
  );
}
