/** The app frame: header, side menu (a drawer on phones), the screen, and the action bar. */
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useLiveUpdates } from '../resource-kit/live/use-live-updates.ts';
import { ScreenActionsProvider } from '../ui/screen-actions.tsx';
import { ActionBar } from './action-bar.tsx';
import { CommandPaletteHotkey } from './command-palette-hotkey.tsx';
import { Header } from './header.tsx';
import { useSession } from './session.tsx';
import { SideMenu } from './side-menu.tsx';

export const RIGHTS_CHANGED_MESSAGE =
  'Your access has changed: an administrator changed your role or its permissions. The menu and screens now show what you may use.';

/** Said when the live stream tells of changed rights; the notices' module is loaded then, not with the first screen. */
function sayRightsChanged() {
  void import('../resource-kit/forms/error-mapper.tsx').then(({ reportSuccess }) => reportSuccess(RIGHTS_CHANGED_MESSAGE, { long: true }));
}

/** The screen of someone who must set up a second factor first (its own chunk: few ever see it). */
const EnrolScreen = lazy(() => import('../resource-kit/security/enrol-screen.tsx'));

export function Shell() {
  const { user: sessionUser, logout } = useSession();
  // Until a required second factor is set up the server refuses all else: no menu, no screens, no stream.
  const enrolling = Boolean(sessionUser?.must_enrol);
  const user = enrolling ? null : sessionUser;
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const signedIn = Boolean(user);
  // The tab's live stream, while signed in with the server reachable.
  useLiveUpdates(user && !user.offline ? user.id : null, sayRightsChanged);
  // Below the `sm` breakpoint the menu is a drawer over the screen. Read at once, not in an effect
  // (there is no server rendering): on a phone the first frame is the right one, with no second
  // render of the whole shell right after it.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  // On a phone the closed menu is off screen: its links are made when it is first opened (then kept,
  // for the drawer's closing slide), not with the first screen.
  const [phoneMenuUsed, setPhoneMenuUsed] = useState(false);

  // A new screen closes the phone menu and starts at its top (e.g. the dashboard after logging in
  // from the bottom of the welcome page).
  useEffect(() => {
    mobile.close();
    window.scrollTo(0, 0);
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <ScreenActionsProvider>
      {/* The first tab stop: past the header and the menu, straight to the screen. */}
      <a
        href="#main-content"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !signedIn || !mobileOpened, desktop: !signedIn || !desktopOpened } }}
        footer={signedIn ? { height: 64 } : undefined}
        padding={{ base: 'sm', sm: 'md' }}
      >
        <AppShell.Header>
          <Header
            menuOpened={phone ? mobileOpened : desktopOpened}
            onToggleMenu={() => {
              if (phone) setPhoneMenuUsed(true);
              return phone ? mobile.toggle() : desktop.toggle();
            }}
          />
        </AppShell.Header>
        {signedIn && <AppShell.Navbar data-testid="side-menu">{(!phone || phoneMenuUsed) && <SideMenu onNavigate={mobile.close} />}</AppShell.Navbar>}
        <AppShell.Main id="main-content" tabIndex={-1} className="main-content">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            {navigation.state === 'loading' && <RouteLoading />}
            {enrolling ? <EnrolScreen onLogout={() => void logout()} /> : <Outlet />}
          </Suspense>
        </AppShell.Main>
        {signedIn && (
          <AppShell.Footer data-testid="action-bar">
            <ActionBar />
          </AppShell.Footer>
        )}
      </AppShell>
      {signedIn && <CommandPaletteHotkey />}
    </ScreenActionsProvider>
  );
}

function RouteLoading() {
  return <div className="route-progress" role="progressbar" aria-label="Loading screen" />;
}
