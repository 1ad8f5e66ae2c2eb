/**
 * An event's colours (docs/domain/schedule.md, Events): none, one or two of
 * the twelve client colours, stored as `#e03131` or `#e03131,#1971c2`. The server refuses anything
 * else (422 on `color`); the calendar paints one colour whole, two split down the middle.
 */
import { CLIENT_COLORS } from '../value-lists.ts';

export { CLIENT_COLORS };

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

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/** `hex` moved `share` (0 to 1) of the way to `toward`, each channel rounded as a screen shows it. */
function mix(hex: string, toward: string, share: number): string {
  const channel = (c: string, i: number) => parseInt(c.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(channel(hex, i) + (channel(toward, i) - channel(hex, i)) * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const TEXT_COLORS = ['#fff', '#000'] as const;
const LONG: Record<(typeof TEXT_COLORS)[number], string> = { '#fff': '#ffffff', '#000': '#000000' };

/** The least shade of `color` (darker under white text, lighter under black) that the text reads on, and how far it moved. */
function readableUnder(color: string, text: (typeof TEXT_COLORS)[number]): { color: string; moved: number } {
  const away = text === '#fff' ? '#000000' : '#ffffff';
  for (let step = 0; step <= 50; step++) {
    const shade = mix(color, away, step / 50);
    if (contrastRatio(shade, LONG[text]) >= TEXT_CONTRAST) return { color: shade, moved: step / 50 };
  }
  return { color: away, moved: 1 };
}

/** What an event with text on it is painted with: its background and the text colour over it. */
export interface EventPaint {
  background: string;
  color: '#fff' | '#000';
}

/**
 * How an event that carries text is painted: the text in white or black at 4.5:1 or more over every
 * one of its colours (WCAG AA). Most colours and pairs read in one of the two as they are; a pair
 * that does not (purple beside orange: black reads 3.6:1 on the purple, white 2.5:1 on the orange)
 * has the colour that fails shaded just enough (the purple a little lighter under black), choosing
 * the text colour that needs the least shading. The colour swatches elsewhere keep the colours as
 * chosen (`eventBackground`). None: white over `fallback`, the app's primary colour.
 */
export function eventPaint(value: string | null | undefined, fallback: string): EventPaint {
  const colors = parseEventColors(value).filter(isClientColor);
  if (!colors.length) return { background: fallback, color: '#fff' };
  const options = TEXT_COLORS.map((text) => {
    const shades = colors.map((c) => readableUnder(c, text));
    return {
      text,
      colors: shades.map((s) => s.color),
      moved: shades.reduce((sum, s) => sum + s.moved, 0),
      worst: Math.min(...colors.map((c) => contrastRatio(c, LONG[text]))),
    };
  });
  // Least shading first; when equal, the text that reads better over the colours as chosen.
  const [best] = options.sort((a, b) => a.moved - b.moved || b.worst - a.worst);
  const [a, b] = best!.colors;
  return { background: b ? `linear-gradient(90deg, ${a} 50%, ${b} 50%)` : a!, color: best!.text };
}
