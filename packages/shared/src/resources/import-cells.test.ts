import { describe, expect, it } from 'vitest';
import { f } from './fields.ts';
import { importCellValue } from './import-cells.ts';
import { formatMoney, formatQty } from '../rules/money.ts';
import { formatDate } from '../rules/dates.ts';

describe('importCellValue', () => {
  it('reads back what the export writes (the shared formatters)', () => {
    expect(importCellValue(f.money(), formatMoney(1234.5))).toBe(1234.5);
    expect(importCellValue(f.money(), formatMoney(-12))).toBe(-12);
    expect(importCellValue(f.qty(), formatQty(1000.12345))).toBe(1000.12345);
    expect(importCellValue(f.date(), formatDate('2026-06-30'))).toBe('2026-06-30');
    expect(importCellValue(f.bool(), 'Yes')).toBe(true);
    expect(importCellValue(f.bool(), 'No')).toBe(false);
  });

  it('reads what people type, and passes on what it cannot read for the save to refuse', () => {
    expect(importCellValue(f.money(), '(12.00)')).toBe(-12);
    expect(importCellValue(f.int(), ' 1 234 ')).toBe(1234);
    expect(importCellValue(f.money(), 'lots')).toBe('lots');
    expect(importCellValue(f.money(), '')).toBeNull();
    expect(importCellValue(f.date(), '2026-06-30T00:00:00Z')).toBe('2026-06-30');
    expect(importCellValue(f.date(), '30.06.2026')).toBe('30.06.2026');
    expect(importCellValue(f.bool(), '')).toBeUndefined(); // the field's default
    expect(importCellValue(f.bool(), 'maybe')).toBe('maybe');
    expect(importCellValue(f.enum(['series', 'product'] as const), 'Series')).toBe('series');
    expect(importCellValue(f.ref('materials'), '12')).toBe(12);
    expect(importCellValue(f.ref('materials'), ' GL-1 ')).toBe('GL-1');
    expect(importCellValue(f.idList({ ref: 'product_categories' }), 'Mirrors; 4, Shower doors')).toEqual(['Mirrors', 4, 'Shower doors']);
    expect(importCellValue(f.text(), '  kept as typed  ')).toBe('  kept as typed  ');
    expect(importCellValue(f.money(), 12.5)).toBe(12.5); // an .xlsx number
  });
});
