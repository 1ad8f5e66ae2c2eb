/**
 * The signed-in user's menu (Profile, Logout). Its own chunk: Mantine's Menu brings the popover
 * engine (floating-ui), which the first screen does not need until the user button is pressed.
 */
import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactElement } from 'react';

export function UserMenu({ target, onProfile, onLogout }: { target: ReactElement; onProfile: () => void; onLogout: () => void }) {
  // returnFocus: focus goes back to the button, so the Profile dialog returns it there when it closes.
  return (
    <Menu position="bottom-end" width={180} withinPortal defaultOpened returnFocus>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={onProfile}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
