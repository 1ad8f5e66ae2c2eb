/** Enter-to-next-field (platform.md 2.7): focus the next enabled, visible, focusable control. */

const FOCUSABLE = 'input, select, textarea, button, [tabindex]:not([tabindex="-1"])';

function isFocusable(el: HTMLElement): boolean {
  if ((el as HTMLInputElement).disabled) return false;
  if (el.getAttribute('aria-hidden') === 'true' || el.tabIndex < 0) return false;
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  if (el.closest('[inert]')) return false;
  // Skip the modal's own close button so Enter walks through the form, not the header.
  if (el.getAttribute('aria-label') === 'Close dialog') return false;
  return true;
}

/** Moves focus from `from` to the next focusable control in its dialog, form or page. Returns it. */
export function focusNext(from: HTMLElement): HTMLElement | null {
  const scope = from.closest<HTMLElement>('[role="dialog"], form') ?? document.body;
  const all = Array.from(scope.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(isFocusable);
  const index = all.indexOf(from);
  const next = index >= 0 ? all[index + 1] : undefined;
  if (next) next.focus();
  return next ?? null;
}

/** onKeyDown handler: Enter (without modifiers, not composing) moves focus to the next field. */
export function enterToNext(event: React.KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.nativeEvent.isComposing) return;
  event.preventDefault();
  focusNext(event.currentTarget);
}
