/** Providers that need the router (session navigation, dialogs that link) wrap every route. */
import { SETTING } from '@glazier/shared/settings';
import { useEffect, type ReactNode } from 'react';
import { useNoticeNavigation } from '../resource-kit/detail/notice-navigation.ts';
import { useSettingValue } from '../resource-kit/records/settings.ts';
import { loadAllStyles } from '../ui/first-screen-styles.ts';
import { ModalStackProvider } from '../ui/modal-stack.tsx';
import { SessionProvider } from './session.tsx';
import { Shell } from './shell.tsx';

function Stack({ children }: { children: ReactNode }) {
  // Modal titles fall back to the company name (docs/platform.md, Dialogs).
  const company = useSettingValue(SETTING.companyName);
  return <ModalStackProvider defaultTitle={company || 'Glazier'}>{children}</ModalStackProvider>;
}

export function RootLayout() {
  useNoticeNavigation();
  // The styles the first screens do not use (first-screen-styles.ts: menus, tooltips, tables) load
  // when the person first reaches for something (a pointer over the page, a touch, a key), ahead of
  // the menu, screen or dialog that needs them; not while the first screen is still loading
  // (applying them restyles the whole page).
  useEffect(() => {
    const events = ['pointerover', 'pointerdown', 'keydown'] as const;
    const load = () => {
      for (const e of events) window.removeEventListener(e, load, true);
      void loadAllStyles();
    };
    for (const e of events) window.addEventListener(e, load, { capture: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, load, true);
    };
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
