/**
 * The Profile's sign-in sections: passkeys and the authenticator app, then the signed-in
 * browsers. Its own chunk (the QR code and WebAuthn libraries load only when used).
 */
import { Divider, Stack } from '@mantine/core';
import { FactorsSection } from './factors-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

export default function ProfileSecurity() {
  return (
    <Stack gap="xs" data-testid="profile-security">
      <Divider label="Sign-in and security" labelPosition="left" mt="xs" />
      <FactorsSection />
      <Divider label="Sessions" labelPosition="left" mt="xs" />
      <SessionsSection />
    </Stack>
  );
}
