import { describe, expect, it } from 'vitest';
import { CLIENT_COLORS } from '../../resources/people.ts';
import { contrastRatio, eventBackground, eventColorsError, eventPaint, joinEventColors, parseEventColors } from './event-colors.ts';

const [red, pink, purple, , , blue] = CLIENT_COLORS;
const lime = CLIENT_COLORS[9];
const orange = CLIENT_COLORS[10];

describe('event colours', () => {
  it('reads none, one or two comma-separated colours, forgiving spaces and case', () => {
    expect(parseEventColors(null)).toEqual([]);
    expect(parseEventColors('')).toEqual([]);
    expect(parseEventColors(red)).toEqual([red]);
    expect(parseEventColors(` ${red.toUpperCase()} ,${blue}`)).toEqual([red, blue]);
    expect(joinEventColors([red, blue])).toBe(`${red},${blue}`);
    expect(joinEventColors([])).toBeNull();
  });

  it('accepts up to two of the twelve client colours', () => {
    expect(eventColorsError(null)).toBeNull();
    expect(eventColorsError(red)).toBeNull();
    expect(eventColorsError(`${red},${pink}`)).toBeNull();
  });

  it('refuses an unknown colour, a third colour and the same colour twice', () => {
    expect(eventColorsError('#123456')).toBe('Choose from the twelve colours.');
    expect(eventColorsError('red')).toBe('Choose from the twelve colours.');
    expect(eventColorsError(`${red},${pink},${blue}`)).toBe('Choose at most 2 colours.');
    expect(eventColorsError(`${red},${red}`)).toBe('Choose two different colours.');
  });

  it('paints one colour whole and two split down the middle', () => {
    expect(eventBackground(null, 'gray')).toBe('gray');
    expect(eventBackground(red, 'gray')).toBe(red);
    expect(eventBackground(`${red},${blue}`, 'gray')).toBe(`linear-gradient(90deg, ${red} 50%, ${blue} 50%)`);
  });

  it('writes white or black, whichever reads better, over colours it reads on as they are', () => {
    const text = (value: string | null) => eventPaint(value, 'teal').color;
    expect(eventPaint(null, 'teal')).toEqual({ background: 'teal', color: '#fff' });
    expect(text(blue)).toBe('#fff');
    expect(text(orange)).toBe('#000');
    expect(text(lime)).toBe('#000');
    expect(eventPaint(blue, 'teal').background).toBe(blue);
    // red reads about as well either way; beside orange, black reads on both
    expect(eventPaint(`${red},${orange}`, 'teal')).toEqual({ background: `linear-gradient(90deg, ${red} 50%, ${orange} 50%)`, color: '#000' });
    expect(eventPaint(`${blue},${pink}`, 'teal')).toEqual({ background: `linear-gradient(90deg, ${blue} 50%, ${pink} 50%)`, color: '#fff' });
  });

  /** The colours a painted background shows, in order. */
  const shown = (background: string) => background.match(/#[0-9a-f]{6}/g) ?? [];

  it('reads at 4.5:1 or more over both colours of every pair, and over every single colour', () => {
    for (const a of CLIENT_COLORS) {
      for (const b of [null, ...CLIENT_COLORS.filter((c) => c !== a)]) {
        const paint = eventPaint(b ? `${a},${b}` : a, 'teal');
        const text = paint.color === '#fff' ? '#ffffff' : '#000000';
        for (const c of shown(paint.background)) expect(contrastRatio(text, c), `${paint.color} on ${c} (${a}, ${b})`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('shades the colour that fails, a little, when neither white nor black reads on both as they are', () => {
    // black on the purple was 3.6:1, white on the orange 2.5:1
    expect(contrastRatio('#000000', purple)).toBeLessThan(4.5);
    const paint = eventPaint(`${purple},${orange}`, 'teal');
    expect(paint.color).toBe('#000');
    const [left, right] = shown(paint.background);
    expect(right).toBe(orange);
    expect(left).not.toBe(purple);
    expect(contrastRatio('#000000', left!)).toBeGreaterThanOrEqual(4.5);
    // still the purple, lighter
    expect(contrastRatio(left!, purple)).toBeLessThan(1.5);
  });
});
