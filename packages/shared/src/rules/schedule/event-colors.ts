/**
 * An event's colours (domain.md 3, 9: "comma-separated, up to two colours"): none, one or two of
 * the twelve client colours, stored as `#e03131` or `#e03131,#1971c2`. The server refuses anything
 * else (422 on `color`); the calendar paints one colour whole, two split down the middle.
 */
import { CLIENT_COLORS } from '../../resources/people.ts';

export const MAX_EVENT_COLORS = 2;

export type EventColor = (typeof CLIENT_COLORS)[number];

const isClientColor = (c: string): c is EventColor => (CLIENT_COLORS as readonly string[]).includes(c);

/** The colours a stored value holds, in order (blank parts dropped, case and spaces forgiven). */
export function parseEventColors(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
}

/** The stored value of a choice of colours: comma-separated; null for none. */
export function joinEventColors(colors: readonly string[]): string | null {
  return colors.length ? colors.join(',') : null;
}

/** Why a value is not a valid choice of colours, or null when it is. */
export function eventColorsError(value: string | null | undefined): string | null {
  const colors = parseEventColors(value);
  if (colors.length > MAX_EVENT_COLORS) return `Choose at most ${MAX_EVENT_COLORS} colours.`;
  if (colors.some((c) => !isClientColor(c))) return 'Choose from the twelve colours.';
  if (new Set(colors).size !== colors.length) return 'Choose two different colours.';
  return null;
}

/**
 * A CSS background for the colours: one colour whole, two split down the middle; `fallback` for
 * none (the calendar's own event colour).
 */
export function eventBackground(value: string | null | undefined, fallback: string): string {
  const [a, b] = parseEventColors(value).filter(isClientColor);
  if (!a) return fallback;
  if (!b) return a;
  return `linear-gradient(90deg, ${a} 50%, ${b} 50%)`;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The text colour over an event's colours: white or black, whichever reads better over the worse of
 * them (orange and lime take black; red and blue white). None: white, over the app's primary colour.
 */
export function eventTextColor(value: string | null | undefined): '#fff' | '#000' {
  const colors = parseEventColors(value).filter(isClientColor);
  if (!colors.length) return '#fff';
  const lums = colors.map(luminance);
  const onWhite = Math.min(...lums.map((l) => contrast(1, l)));
  const onBlack = Math.min(...lums.map((l) => contrast(0, l)));
  return onWhite >= onBlack ? '#fff' : '#000';
}
