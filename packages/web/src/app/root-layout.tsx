/** Providers that need the router (session navigation, dialogs that link) wrap every route. */
import { SETTING } from '@glazier/shared/settings';
import { useSettingValue } from '../resource-kit/settings.ts';
import { ModalStackProvider } from '../ui/modal-stack.tsx';
import { SessionProvider } from './session.tsx';
import { Shell } from './shell.tsx';

function Stack() {
  // Modal titles fall back to the company name (platform.md 2.7).
  const company = useSettingValue(SETTING.companyName);
  return (
    <ModalStackProvider defaultTitle={company || 'Glazier'}>
      <Shell />
    </ModalStackProvider>
  );
}

export function RootLayout() {
  return (
    <SessionProvider>
      <Stack />
    </SessionProvider>
  );
}

