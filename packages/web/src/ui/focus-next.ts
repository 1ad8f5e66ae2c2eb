/**
 * Enter-to-next-field (docs/platform.md, Dialogs): Enter moves focus to the next enabled, visible field; on a
 * form's last field it submits the form instead (with its submit button, when it has one).
 * Buttons and links between fields ("Forgot password?", "Change Password") are skipped: Enter walks
 * the fields, Tab walks everything.
 */

const FIELDS = 'input, select, textarea, [role="combobox"], [role="radio"], [role="checkbox"], [role="switch"], [contenteditable="true"]';
const NOT_FIELDS = new Set(['button', 'submit', 'reset', 'image', 'hidden', 'file']);

function isField(el: HTMLElement): boolean {
  if ((el as HTMLInputElement).disabled || el.getAttribute('aria-readonly') === 'true') return false;
  // A read-only input is a value to read, unless it only fronts a drop-down (a Select).
  if ((el as HTMLInputElement).readOnly && !el.hasAttribute('aria-haspopup')) return false;
  if (el instanceof HTMLInputElement && NOT_FIELDS.has(el.type)) return false;
  if (el.getAttribute('aria-hidden') === 'true' || el.tabIndex < 0) return false;
  if (el.closest('[inert], [aria-hidden="true"]')) return false;
  // Not shown (display: none, visibility: hidden); jsdom has no checkVisibility and shows everything.
  if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ visibilityProperty: true })) return false;
  return true;
}

function scopeOf(from: HTMLElement): HTMLElement {
  return from.closest<HTMLElement>('form, [role="dialog"]') ?? document.body;
}

/** The next field after `from` in its form, dialog or page, or null when `from` is the last. */
export function nextField(from: HTMLElement): HTMLElement | null {
  const scope = scopeOf(from);
  const all = Array.from(scope.querySelectorAll<HTMLElement>(FIELDS)).filter((el) => el === from || isField(el));
  const index = all.indexOf(from);
  return index >= 0 ? (all[index + 1] ?? null) : null;
}

/** The first field in `scope` (a form, a dialog), or null when it has none (read-only). */
export function firstField(scope: HTMLElement): HTMLElement | null {
  return Array.from(scope.querySelectorAll<HTMLElement>(FIELDS)).find(isField) ?? null;
}

/** Moves focus from `from` to the next field in its dialog, form or page. Returns it. */
export function focusNext(from: HTMLElement): HTMLElement | null {
  const next = nextField(from);
  next?.focus();
  return next;
}

/**
 * Submits the form `from` is in, through its enabled submit button (a read-only form has none, so
 * nothing happens). Returns whether it submitted.
 */
export function submitFormOf(from: HTMLElement): boolean {
  const form = from.closest('form');
  if (!form) return false;
  const submitter = form.querySelector<HTMLButtonElement>('button[type="submit"]:not(:disabled)');
  if (!submitter) return false;
  form.requestSubmit(submitter);
  return true;
}

const isPlainEnter = (event: React.KeyboardEvent<HTMLElement>) =>
  event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey && !event.nativeEvent.isComposing;

/** onKeyDown handler of a field: Enter moves focus to the next field, or submits on the last one. */
export function enterToNext(event: React.KeyboardEvent<HTMLElement>): void {
  if (!isPlainEnter(event)) return;
  event.preventDefault();
  const from = event.currentTarget;
  if (!focusNext(from)) submitFormOf(from);
}

/**
 * onKeyDown of a `<form>`: the same rule for fields without their own handler (checkboxes,
 * switches, selects), so Enter on any last field submits. Text areas keep Enter for new lines.
 */
export function enterInForm(event: React.KeyboardEvent<HTMLFormElement>): void {
  if (event.defaultPrevented || !isPlainEnter(event)) return;
  const target = event.target as HTMLElement;
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return;
  if (target instanceof HTMLButtonElement && target.getAttribute('role') !== 'radio') return;
  if (target instanceof HTMLAnchorElement) return;
  if (target.getAttribute('aria-expanded') === 'true') return; // an open drop-down picks with Enter
  if (!target.matches(FIELDS)) return;
  event.preventDefault();
  if (!focusNext(target)) submitFormOf(target);
}
