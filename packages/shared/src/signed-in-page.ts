/**
 * The home page pre-rendered for a signed-in visitor (the first screen): the web build
 * renders `/` at build time for a stand-in user (`USER_MARKS`, no rights: no cards, no menu items)
 * into `SIGNED_IN_HOME_FILE`, and the server sends it for `/` to a signed-in visitor with the
 * stand-in's name, first name and initials replaced by theirs (`fillUserMarks`). The greeting (the
 * screen's largest text) then paints from the HTML, before the app's code has run; the app's first
 * render replaces the page with the same frame, adding what the user's rights show.
 */

/** Under the web build's output folder. */
export const SIGNED_IN_HOME_FILE = 'prerendered/signed-in/index.html';

/** The stand-in user's name, and what the screens make of it; in no real word, so nothing else is replaced. */
export const USER_MARKS = { name: 'Жfirstmark Щlastmark', firstName: 'Жfirstmark', initials: 'ЖЩ' } as const;

/** "Ada Admin" → "Ada": the dashboard's greeting. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

/** "Eli Employee" → "EE": the user button's face when the phone's header has no room for the name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const MARKS = new RegExp(`${USER_MARKS.name}|${USER_MARKS.firstName}|${USER_MARKS.initials}`, 'g');

/** The pre-rendered page with the stand-in's marks replaced by `name`'s (escaped for text and attributes), in one pass. */
export function fillUserMarks(html: string, name: string): string {
  const by: Record<string, string> = {
    [USER_MARKS.name]: escapeHtml(name),
    [USER_MARKS.firstName]: escapeHtml(firstName(name)),
    [USER_MARKS.initials]: escapeHtml(initials(name)),
  };
  return html.replace(MARKS, (mark) => by[mark]!);
}
