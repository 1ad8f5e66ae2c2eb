/**
 * The signed-in user's menu (Profile, Logout). Its own chunk: Mantine's Menu brings the popover
 * engine (floating-ui), which the first screen does not need until the user button is pressed.
 */
import { Menu } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useEffect, useState, type ReactElement, type RefObject } from 'react';

interface UserMenuProps {
  target: ReactElement;
  /** The target button (the header's ref on it). */
  targetRef: RefObject<HTMLElement | null>;
  onProfile: () => void;
  onLogout: () => void;
}

export function UserMenu({ target, targetRef, onProfile, onLogout }: UserMenuProps) {
  // Mounted by the first press of the user button; swapping in this menu re-created the button, so
  // the focus fell to the page. Put it back on the (new) button, then open: Mantine remembers what
  // had the focus only when the menu opens after mounting (not with defaultOpened), and
  // returnFocus gives it back there (so the Profile dialog returns it there too).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    targetRef.current?.focus({ preventScroll: true });
    setOpened(true);
  }, [targetRef]);
  return (
    <Menu position="bottom-end" width={180} withinPortal opened={opened} onChange={setOpened} returnFocus>
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
