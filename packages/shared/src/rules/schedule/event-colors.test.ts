import { describe, expect, it } from 'vitest';
import { CLIENT_COLORS } from '../../resources/people.ts';
import { eventBackground, eventColorsError, eventTextColor, joinEventColors, parseEventColors } from './event-colors.ts';

const [red, pink, , , , blue] = CLIENT_COLORS;
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

  it('writes white or black, whichever reads better over the worse of its colours', () => {
    expect(eventTextColor(null)).toBe('#fff');
    expect(eventTextColor(blue)).toBe('#fff');
    expect(eventTextColor(orange)).toBe('#000');
    expect(eventTextColor(lime)).toBe('#000');
    // red reads about as well either way; beside orange, black reads better over both
    expect(eventTextColor(`${red},${orange}`)).toBe('#000');
    expect(eventTextColor(`${blue},${pink}`)).toBe('#fff');
  });
});
