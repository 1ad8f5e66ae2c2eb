import { describe, expect, it, onTestFinished } from 'vitest';
import { headingLine, registerRecordHeadings } from './record-heading-orders.ts';
import { recordHeading } from './record-headings.ts';

describe('record headings', () => {
  it('head a record by its name, as the palette and a history name it (shared naming.ts)', () => {
    const job = recordHeading('jobs');
    expect(job.primary({ id: 7, number: 'J-100', name: 'Lobby' })).toBe('J-100');
    expect(job.primary({ id: 7, number: null, name: 'Lobby' })).toBe('Lobby');
    expect(job.primary({ id: 7, number: '', name: '' })).toBe('Job 7');
    expect(job.secondary?.({ id: 7, number: 'J-100', name: 'Lobby', client_name: 'Acme' })).toBe('Lobby · Acme');
    expect(recordHeading('purchase_orders').primary({ id: 3, number: 12 })).toBe('PO 12');
    expect(recordHeading('products').primary({ id: 3, number: null, name: 'Door' })).toBe('Door');
    expect(recordHeading('boms').primary({ id: 5, name: null })).toBe('Bom 5');
    expect(recordHeading('job_templates').primary({ id: 9, name: 'Shower' })).toBe('Shower');
  });

  it('keep the order that goes with the heading, and one heading per resource', () => {
    expect(recordHeading('jobs').sort).toEqual({ column: 'number', direction: 'desc' });
    expect(recordHeading('clients').sort).toEqual({ column: 'name', direction: 'asc' });
    expect(recordHeading('takeoffs').sort).toBeNull();
    expect(recordHeading('jobs')).toBe(recordHeading('jobs'));
  });
});

describe('registered headings', () => {
  it('reach a heading taken before they were registered, and an order the resource cannot sort by is none', () => {
    const series = recordHeading('series');
    const before = registerRecordHeadings({ series: { secondary: (r) => headingLine(r.name, r.id), sort: { column: 'name', direction: 'desc' } } });
    onTestFinished(() => void registerRecordHeadings(before));
    expect(series.secondary?.({ id: 4, name: 'Frameless' })).toBe('Frameless · 4');
    expect(series.sort).toEqual({ column: 'name', direction: 'desc' });
    expect(series.sort).toBe(series.sort);

    registerRecordHeadings({ series: { sort: { column: 'no_such_column', direction: 'asc' } } });
    expect(series.secondary).toBeUndefined();
    expect(series.sort).toBeNull();
  });
});
