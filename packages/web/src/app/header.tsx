import { ActionIcon, Badge, Burger, Button, Group, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconChevronDown, IconCloudOff, IconMoon, IconRefresh, IconSun } from '@tabler/icons-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useBrowserOnline, useKeptWrites } from '../resource-kit/offline/offline.ts';
import { OfflineWritesStatus } from '../resource-kit/offline/offline-writes-status.tsx';
import { useLiveLost } from '../resource-kit/live/live-state.ts';

import { useModals } from '../ui/modal-stack.tsx';
import { lazyAfterFirstScreen } from '../ui/after-first-screen.tsx';
import { afterLoginPath } from './guards.tsx';
import { useSession } from './session.tsx';
import { initials } from '@glazier/shared/signed-in-page';

const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));
// Shown only while the connection or the live stream is lost: not in the first screen's code.
const LivePaused = lazyAfterFirstScreen(() => import('../resource-kit/live/live-paused.tsx').then((m) => m.LivePaused));
const OfflineTooltip = lazyAfterFirstScreen(() => import('./offline-tooltip.tsx').then((m) => m.OfflineTooltip));

interface HeaderProps {
  menuOpened: boolean;
  onToggleMenu: () => void;
}

export function Header({ menuOpened, onToggleMenu }: HeaderProps) {
  const { user, offline: sessionOffline, logout } = useSession();
  const online = useBrowserOnline();
  const offline = Boolean(user) && (sessionOffline || !online);
  const kept = useKeptWrites();
  // Offline, the Offline badge already says that live updates wait too.
  const livePaused = useLiveLost() && Boolean(user) && !offline;
  const modals = useModals();
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  // Read at once (no server rendering; index.html's inline script set it before the first paint): no second render.
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });

  const login = async () => {
    const { openLoginDialog } = await import('./login-dialog.tsx');
    if (await openLoginDialog(modals)) await navigate(afterLoginPath(window.location.search));
  };
  const profile = async () => {
    if (!user) return;
    const { openUserDialog } = await import('../features/people/user-dialog.tsx');
    // The dialog returns the focus to its opener: the user button, not the menu item that is going away.
    userButtonRef.current?.focus({ preventScroll: true });
    await openUserDialog(modals, { id: user.id, title: 'Profile' });
  };

  // The menu's code (and the popover engine) loads when the user button is first pressed.
  const [menuWanted, setMenuWanted] = useState(false);
  const userButtonRef = useRef<HTMLButtonElement>(null);
  // On a phone with the offline badges there is no room for the name ("Eri…"): the initials.
  const compact = offline || livePaused || kept.length > 0;
  const userButton = user && (
    <Button
      variant="light"
      rightSection={<IconChevronDown size={14} />}
      ref={userButtonRef}
      data-testid="user-button"
      maw={{ base: 'calc(100vw - 180px)', xs: 260 }}
      px={compact ? { base: 6, xs: 'md' } : undefined}
      styles={compact ? { section: { marginInlineStart: 4 } } : undefined}
      style={{ flexShrink: 0 }}
      aria-label={user.name}
      aria-haspopup="menu"
      onClick={menuWanted ? undefined : () => setMenuWanted(true)}
      onPointerEnter={() => void import('./user-menu.tsx')}
    >
      {compact && (
        <Text span hiddenFrom="xs" aria-hidden data-testid="user-initials">
          <span className="user-initials">{initials(user.name)}</span>
        </Text>
      )}
      <Text truncate fz="sm" fw={600} visibleFrom={compact ? 'xs' : undefined}>
        {user.name}
      </Text>
    </Button>
  );
  const offlineBadge = (
    <Badge
      color="orange"
      variant="light"
      size="lg"
      leftSection={<IconCloudOff size={14} />}
      data-testid="offline-indicator"
      role="status"
      aria-label="Offline"
      tabIndex={0}
      styles={{ section: { marginInlineEnd: 0 } }}
    >
      {/* On phones the icon alone, to leave the header room. */}
      <Text span inherit visibleFrom="xs" ml={4}>
        Offline
      </Text>
    </Badge>
  );

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {user && !user.must_enrol && <Burger opened={menuOpened} onClick={onToggleMenu} size="sm" aria-label={menuOpened ? 'Close menu' : 'Open menu'} />}
        <UnstyledButton component={Link} to="/" aria-label="Glazier home" data-testid="logo">
          <Group gap={8} wrap="nowrap">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} fz="lg" visibleFrom="xs">
              Glazier
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap={6} wrap="nowrap">
        {offline && <OfflineTooltip fallback={offlineBadge}>{offlineBadge}</OfflineTooltip>}
        {livePaused && <LivePaused fallback={null} />}
        {user && kept.length > 0 && (
          <OfflineWritesStatus
            writes={kept}
            onOpen={() => void import('../resource-kit/offline/offline-writes-dialog.tsx').then((m) => m.openOfflineWritesDialog(modals))}
          />
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={scheme === 'dark' ? 'Use light theme' : 'Use dark theme'}
          title={scheme === 'dark' ? 'Light theme' : 'Dark theme'}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
        >
          {scheme === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Reload" title="Reload" onClick={() => window.location.reload()}>
          <IconRefresh size={20} />
        </ActionIcon>
        {user ? (
          menuWanted ? (
            <Suspense fallback={userButton}>
              <UserMenu target={userButton!} targetRef={userButtonRef} onProfile={() => void profile()} onLogout={() => void logout()} />
            </Suspense>
          ) : (
            userButton
          )
        ) : (
          <Button onClick={() => void login()} data-testid="user-button">
            Login
          </Button>
        )}
      </Group>
    </Group>
  );
}
