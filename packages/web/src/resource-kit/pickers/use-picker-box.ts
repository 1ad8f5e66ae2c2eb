/**
 * The record picker's box and its list as a pop-up (record-picker.tsx): the list opens below the
 * box, or above it when there is more room there; a click outside the box and the list closes it
 * at once, and leaving the box closes it a moment later (a click on a row lands first). The keys:
 * the arrows open it and move through it, Escape closes only it, Enter moves on.
 */
import { useEffect, useRef, useState, type Dispatch, type KeyboardEvent, type RefObject, type SetStateAction } from 'react';
import { enterToNext } from '../../ui/focus-next.ts';

export const PICKER_CLOSE_DELAY_MS = 500;
export const DROPDOWN_MAX_HEIGHT = 280;

interface PopupInput {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  inputRef: RefObject<HTMLInputElement | null>;
  dropdownRef: RefObject<HTMLDivElement | null>;
  /** Closes the list without picking (emptied text clears the value). */
  dismiss: () => void;
  /** Closes the list, keeping the value. */
  close: () => void;
  /** The list's own keys (arrows, Enter and Tab on a row); true when it took the key. */
  listKey: (event: KeyboardEvent<HTMLInputElement>) => boolean;
}

export function usePickerBox({ open, setOpen, inputRef, dropdownRef, dismiss, close, listKey }: PopupInput) {
  const [placement, setPlacement] = useState<'bottom' | 'top'>('bottom');
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (blurTimer.current) clearTimeout(blurTimer.current);
    },
    [],
  );

  // A click (or tap) outside the box and its list closes the list at once, picking nothing.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (inputRef.current?.contains(target) || dropdownRef.current?.contains(target)) return;
      dismiss();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open, dismiss, inputRef, dropdownRef]);

  const openList = () => {
    const rect = inputRef.current?.getBoundingClientRect();
    if (rect) {
      const below = window.innerHeight - rect.bottom;
      const above = rect.top;
      setPlacement(below < DROPDOWN_MAX_HEIGHT && above > below ? 'top' : 'bottom');
    }
    setOpen(true);
  };

  const onFocus = () => {
    if (blurTimer.current) clearTimeout(blurTimer.current);
    blurTimer.current = null;
  };

  const onBlur = () => {
    blurTimer.current = setTimeout(() => {
      blurTimer.current = null;
      dismiss();
    }, PICKER_CLOSE_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && open) {
      // The input carries data-mantine-stop-propagation while open, so the modal ignores this Escape.
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      openList();
      return;
    }
    if (open && listKey(event)) return;
    if (event.key === 'Enter') {
      // Moving on without a pick: the list goes at once instead of covering the next field.
      if (open) dismiss();
      enterToNext(event);
    }
  };

  return { placement, openList, onFocus, onBlur, onKeyDown };
}
