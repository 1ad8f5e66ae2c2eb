/** @jsxRuntime automatic */
// (the pragma above: tsx runs the server with the root tsconfig, which sets no JSX runtime)
import { Text } from '@react-email/components';
import { MailLayout, mailStyles } from './layout.tsx';

/**
 * A change at the door of a person's account (a sign-in from a new browser, a new passkey or
 * second factor, a changed password, factors reset by an administrator): what happened, when and
 * from where, and what to do when it was not them.
 */
export function SecurityNotice({ shop, name, what, details }: { shop: string; name: string; what: string; details: string[] }) {
  return (
    <MailLayout
      shop={shop}
      preview={what}
      footer="You get this message because it concerns how your account is signed in to. It is sent for every such change, and cannot be turned off."
    >
      <Text style={mailStyles.text}>Hello {name},</Text>
      <Text style={mailStyles.text}>{what}</Text>
      {details.map((d) => (
        <Text key={d} style={mailStyles.small}>
          {d}
        </Text>
      ))}
      <Text style={{ ...mailStyles.text, marginTop: 16 }}>
        If this was you, there is nothing to do. If it was not: sign in, change your password, and under Profile → Sessions sign out every other browser; then
        tell your administrator, who can reset your second factors.
      </Text>
    </MailLayout>
  );
}
