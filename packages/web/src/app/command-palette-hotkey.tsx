/**
 * Ctrl/Cmd-K anywhere (signed in) opens the command palette. Only this listener is in the entry:
 * the palette itself loads on the first press.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useModals } from '../ui/modal-stack.tsx';

export function CommandPaletteHotkey() {
  const modals = useModals();
  const navigate = useNavigate();
  const open = useRef(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      if (open.current) return; // one palette at a time
      open.current = true;
      void import('./command-palette.tsx')
        .then((m) => m.openCommandPalette(modals))
        .then((to) => {
          if (to) void navigate(to);
        })
        .finally(() => {
          open.current = false;
        });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [modals, navigate]);
  return null;
}
