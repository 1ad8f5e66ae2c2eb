import { NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '../resource-kit/http/session-user.ts';
import { isGroup, visibleMenu, type MenuLink } from './menu.ts';

function Link({ link, onNavigate }: { link: MenuLink; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const active = link.to === '/' ? pathname === '/' : pathname === link.to || pathname.startsWith(`${link.to}/`);
  return <MantineNavLink component={NavLink} to={link.to} end={link.to === '/'} label={link.label} active={active} onClick={onNavigate} />;
}

export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const entries = visibleMenu(user);
  return (
    // The browser's own scrolling (Mantine's ScrollArea would add its code to the first screen).
    <div style={{ flex: 1, overflowY: 'auto', overscrollBehavior: 'contain' }}>
      <nav aria-label="Main menu">
        <Stack gap={2} p="xs">
          {entries.map((entry) =>
            isGroup(entry) ? (
              <div key={entry.label} role="group" aria-label={entry.label}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
                  {entry.label}
                </Text>
                {entry.links.map((l) => (
                  <Link key={l.to} link={l} onNavigate={onNavigate} />
                ))}
              </div>
            ) : (
              <Link key={entry.to} link={entry} onNavigate={onNavigate} />
            ),
          )}
        </Stack>
      </nav>
    </div>
  );
}
