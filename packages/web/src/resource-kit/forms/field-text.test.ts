import { describe, expect, it } from 'vitest';
import { fieldText } from './field-text.ts';

describe('fieldText', () => {
  it('words a value by its field kind: lengths in inches and sixteenths', () => {
    expect(fieldText('job_products', 'glass_width', 35.4375)).toBe('35 7/16"');
    expect(fieldText('job_products', 'glass_height', 72)).toBe('72"');
    expect(fieldText('job_products', 'glass_height', null)).toBe('');
    expect(fieldText('job_products', 'glass_height', null, '—')).toBe('—');
    expect(fieldText('job_products', 'qty', 2.5)).toBe('2.5');
    expect(fieldText('job_products', 'cost', 12.5)).toBe('$12.50');
    expect(fieldText('job_products', 'name', 'Panel')).toBe('Panel');
  });
});
