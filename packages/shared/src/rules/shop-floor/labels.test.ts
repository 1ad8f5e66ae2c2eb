import { describe, expect, it } from 'vitest';
import { countLabels, labelCopies, parseLabels, repeatLabels, sheetPages, type Label } from './labels.ts';

const label = (name: string): Label => ({ job: '', name, description: `${name} description`, note: '' });

describe('label repetition', () => {
  it('gives one label per line whatever the qty', () => {
    expect(labelCopies(4, 'line')).toBe(1);
    expect(labelCopies(500, 'line')).toBe(1);
  });

  it('gives one label per unit for a whole qty, one for a measured qty or none', () => {
    expect(labelCopies(4, 'unit')).toBe(4);
    expect(labelCopies(1, 'unit')).toBe(1);
    expect(labelCopies(12.5, 'unit')).toBe(1);
    expect(labelCopies(0, 'unit')).toBe(1);
    expect(labelCopies(-3, 'unit')).toBe(1);
    expect(labelCopies(null, 'unit')).toBe(1);
  });

  it('repeats each label in order and counts the same number', () => {
    const items = [
      { label: label('A'), qty: 3 },
      { label: label('B'), qty: 2.5 },
      { label: label('C'), qty: 2 },
    ];
    expect(repeatLabels(items, 'unit').map((l) => l.name)).toEqual(['A', 'A', 'A', 'B', 'C', 'C']);
    expect(repeatLabels(items, 'line').map((l) => l.name)).toEqual(['A', 'B', 'C']);
    expect(countLabels([3, 2.5, 2], 'unit')).toBe(6);
    expect(countLabels([3, 2.5, 2], 'line')).toBe(3);
  });
});

describe('sheet pages', () => {
  const labels = Array.from({ length: 32 }, (_, i) => `L${i + 1}`);

  it('fills sheets from the first position', () => {
    const pages = sheetPages(labels, 30);
    expect(pages.map((p) => p.length)).toEqual([30, 2]);
    expect(pages[0]![0]).toBe('L1');
    expect(pages[1]).toEqual(['L31', 'L32']);
  });

  it('skips the used positions of a partly used first sheet', () => {
    const pages = sheetPages(labels, 30, 29);
    expect(pages[0]!.slice(0, 28).every((slot) => slot === null)).toBe(true);
    expect(pages[0]!.slice(28)).toEqual(['L1', 'L2']);
    expect(pages.map((p) => p.length)).toEqual([30, 30]);
    expect(pages[1]![29]).toBe('L32');
  });

  it('counts a start outside the sheet as the first position, and makes no sheet for no labels', () => {
    expect(sheetPages(['a'], 30, 31)).toEqual([['a']]);
    expect(sheetPages(['a'], 30, 0)).toEqual([['a']]);
    expect(sheetPages(['a', 'b'], 1, 5)).toEqual([['a'], ['b']]);
    expect(sheetPages([], 30, 3)).toEqual([]);
  });
});

describe('kept labels', () => {
  it('reads a list of labels and refuses anything else', () => {
    const kept = [{ ...label('A'), qr: 'https://x.test/inventory/1', lines: ['PO 7'] }];
    expect(parseLabels(kept)).toEqual(kept);
    expect(parseLabels(null)).toEqual([]);
    expect(parseLabels({ name: 'A' })).toEqual([]);
    expect(parseLabels([{ name: 'A' }])).toEqual([]);
  });
});
