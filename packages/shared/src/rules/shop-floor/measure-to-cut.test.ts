import { describe, expect, it } from 'vitest';
import { parseLength } from '../length.ts';
import { formatCutPiece, formatSize, formatSizes, glassFromOpening, glassSize } from './measure-to-cut.ts';

const inches = (text: string) => {
  const p = parseLength(text);
  if (!p.ok || p.inches == null) throw new Error(`${text} refused`);
  return p.inches;
};

describe('glassFromOpening', () => {
  it('is the opening less the deduction, in sixteenths', () => {
    expect(glassFromOpening(inches('36 7/16'), inches('3/16'))).toBe(36.25);
    expect(glassFromOpening(72, 0.25)).toBe(71.75);
  });

  it('rounds down to the sixteenth, never up', () => {
    // 35.4 − 0 = 35 6.4/16 → 35 6/16
    expect(glassFromOpening(35.4, 0)).toBe(35.375);
    // 35.49 is nearer 35 8/16 but the glass must not be bigger than the opening allows
    expect(glassFromOpening(35.49, null)).toBe(35.4375);
    // a third of an inch deducted: 24 − 0.33333 = 23.66667 → 23 10/16
    expect(glassFromOpening(24, inches('1/3'))).toBe(23.625);
  });

  it('keeps an exact sixteenth exact (no binary-fraction slip below it)', () => {
    expect(glassFromOpening(10.3, 0.1)).toBe(10.1875);
    expect(glassFromOpening(inches('48 1/16'), inches('1/16'))).toBe(48);
  });

  it('has no glass without an opening, or when the deduction leaves nothing', () => {
    expect(glassFromOpening(null, 0.5)).toBeNull();
    expect(glassFromOpening(undefined, 0.5)).toBeNull();
    expect(glassFromOpening(0.5, 0.5)).toBeNull();
    expect(glassFromOpening(0.25, 0.5)).toBeNull();
  });
});

describe('glassSize', () => {
  it('takes each side its own deduction; a series without deductions cuts to the opening', () => {
    expect(glassSize({ opening_width: 36.4375, opening_height: 72 }, { glass_width_deduction: 0.1875, glass_height_deduction: 0.5 })).toEqual({
      glass_width: 36.25,
      glass_height: 71.5,
    });
    expect(glassSize({ opening_width: 36.4375, opening_height: null }, null)).toEqual({ glass_width: 36.4375, glass_height: null });
  });
});

describe('formatSizes', () => {
  it('reads "opening A × B, glass C × D"', () => {
    expect(formatSizes({ opening_width: 36.4375, opening_height: 72, glass_width: 36.25, glass_height: 71.75 })).toBe(
      'Opening 36 7/16" × 72", glass 36 1/4" × 71 3/4"',
    );
  });

  it('shows what is known: the glass alone, a dash for a side missing, nothing for nothing', () => {
    expect(formatSizes({ glass_width: 30, glass_height: 40 })).toBe('Glass 30" × 40"');
    expect(formatSizes({ opening_width: 30, glass_width: 29.5 })).toBe('Opening 30" × —, glass 29 1/2" × —');
    expect(formatSizes({})).toBe('');
    expect(formatSize(null, undefined)).toBe('');
  });
});

describe('formatCutPiece', () => {
  it('names the cut size and the thickness, and nothing for a stock line', () => {
    expect(formatCutPiece({ glass_width: 36.25, glass_height: 71.75, glass_thickness: 0.375 })).toBe('Cut 36 1/4" × 71 3/4", 3/8" thick');
    expect(formatCutPiece({ glass_width: 36.25, glass_height: 71.75, glass_thickness: null })).toBe('Cut 36 1/4" × 71 3/4"');
    expect(formatCutPiece({ glass_width: null, glass_height: null, glass_thickness: 0.375 })).toBe('');
  });
});
