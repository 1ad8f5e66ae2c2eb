/** @jsxRuntime automatic */
// (the pragma above: tsx runs the server with the root tsconfig, which sets no JSX runtime)
/**
 * The frame of every message: the shop's name (Settings) at the top, the content, and a line saying
 * why the reader got it; and the pieces the messages share (MailAction: a link as a button). No remote images or fonts: a mail client that blocks them shows the same.
 * Values reach the markup as React children and props only, so a name like `<script>` is text.
 */
import type { ReactNode } from 'react';
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';

export const mailStyles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', border: '1px solid #e1e4e8', borderRadius: 6, margin: '0 auto', maxWidth: 560, padding: '24px 32px' },
  shop: { color: '#1f2933', fontSize: 18, fontWeight: 700, margin: '0 0 16px' },
  text: { color: '#1f2933', fontSize: 15, lineHeight: '22px', margin: '0 0 12px' },
  button: {
    backgroundColor: '#1d4ed8',
    borderRadius: 4,
    color: '#ffffff',
    display: 'inline-block',
    fontSize: 15,
    fontWeight: 600,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  small: { color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: '0' },
  link: { color: '#1d4ed8', wordBreak: 'break-all' as const },
} as const;

export function MailLayout({ shop, preview, footer, children }: { shop: string; preview: string; footer: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={mailStyles.body}>
        <Container style={mailStyles.container}>
          <Text style={mailStyles.shop}>{shop}</Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#e1e4e8', margin: '24px 0 12px' }} />
          <Text style={mailStyles.small}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * A link as a message offers it: a button, and under it the address written out for a mail client
 * that shows no buttons (unless `address` is false: a link for staff, who open the app anyway),
 * then a `note` if any (how long the link works).
 */
export function MailAction({ label, url, note, address = true }: { label: string; url: string; note?: string; address?: boolean }) {
  return (
    <>
      <Text style={mailStyles.text}>
        <Button href={url} style={mailStyles.button}>
          {label}
        </Button>
      </Text>
      {address && (
        <Text style={mailStyles.small}>
          Or open this address:{' '}
          <Link href={url} style={mailStyles.link}>
            {url}
          </Link>
        </Text>
      )}
      {note ? <Text style={{ ...mailStyles.small, marginTop: 8 }}>{note}</Text> : null}
    </>
  );
}
