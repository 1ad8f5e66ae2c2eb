/** Providers that need the router (session navigation, dialogs that link) wrap every route. */
import { SETTING } from '@glazier/shared/settings';
import { useEffect, type ReactNode } from 'react';
import { useSettingValue } from '../resource-kit/settings.ts';
import { loadAllStyles } from '../ui/first-screen-styles.ts';
import { ModalStackProvider } from '../ui/modal-stack.tsx';
import { SessionProvider } from './session.tsx';
import { Shell } from './shell.tsx';

function Stack({ children }: { children: ReactNode }) {
  // Modal titles fall back to the company name (platform.md 2.7).
  const company = useSettingValue(SETTING.companyName);
  return <ModalStackProvider defaultTitle={company || 'Glazier'}>{children}</ModalStackProvider>;
}

export function RootLayout() {
  // After the app's first frame: the styles the first screens do not use (first-screen-styles.ts).
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => void loadAllStyles()));
  }, []);
  // The shell is created here, not in Stack: when the settings arrive only the modal stack
  // re-renders, not the whole frame.
  return (
    <SessionProvider>
      <Stack>
        <Shell />
      </Stack>
    </SessionProvider>
  );
}

