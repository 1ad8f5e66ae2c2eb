import { describe, expect, it } from 'vitest';
import type { ResourceDef } from './define.ts';
import { recordName } from './naming.ts';
import { RESOURCES, type ResourceName } from './registry.ts';

const name = (resource: ResourceName, record: Record<string, unknown>) => recordName(RESOURCES[resource], { id: 7, ...record });

describe('how a record is named', () => {
  it('names a job by its number, else its name, else as "Job" and its id', () => {
    expect(name('jobs', { number: 'J-100', name: 'Lobby' })).toBe('J-100');
    expect(name('jobs', { number: null, name: 'Lobby' })).toBe('Lobby');
    expect(name('jobs', { number: '', name: 'Lobby' })).toBe('Lobby');
    expect(name('jobs', { number: null, name: null })).toBe('Job 7');
    expect(name('jobs', { number: '', name: '' })).toBe('Job 7');
  });

  it('names a job template by its name, else as "Job Template" and its id', () => {
    expect(name('job_templates', { number: 'T-1', name: 'Shower template' })).toBe('Shower template');
    expect(name('job_templates', { number: 'T-1', name: null })).toBe('Job Template 7');
  });

  it('names a product by its number, else its name', () => {
    expect(name('products', { number: 'HP-1', name: 'Door' })).toBe('HP-1');
    expect(name('products', { number: null, name: 'Door' })).toBe('Door');
    expect(name('products', { number: '', name: '' })).toBe('Product 7');
  });

  it('names a purchase order "PO" and its number, else as "Purchase Order" and its id', () => {
    expect(name('purchase_orders', { number: 12 })).toBe('PO 12');
    expect(name('purchase_orders', { number: 0 })).toBe('PO 0'); // a number, not a blank
    expect(name('purchase_orders', { number: null })).toBe('Purchase Order 7');
  });

  it('names a material by its number, and named kinds by their name', () => {
    expect(name('materials', { number: 'GL-6', description: '6 mm clear' })).toBe('GL-6');
    expect(name('materials', { number: '' })).toBe('Material 7');
    expect(name('clients', { name: 'Acme Glass' })).toBe('Acme Glass');
    expect(name('estimates', { name: 'Tower', job_number: 'J-1' })).toBe('Tower');
    expect(name('users', { name: 'Pat' })).toBe('Pat');
    expect(name('vendors', { name: 'Supply Co' })).toBe('Supply Co');
    expect(name('category_templates', { name: 'Mirrors', client_name: 'Acme' })).toBe('Mirrors');
    expect(name('boms', { name: 'Lobby bom' })).toBe('Lobby bom');
    expect(name('boms', { name: null })).toBe('Bom 7');
    expect(name('estimates', {})).toBe('Estimate 7');
  });

  it('names a record of a kind with no name field by its label and id, or by its title field', () => {
    expect(name('takeoffs', { estimate_id: 3 })).toBe('Takeoff 7');
    expect(name('product_materials', { qty: 2 })).toBe('Product Material 7');
    expect(name('events', { date: '2026-11-02' })).toBe('2026-11-02');
    expect(name('purchase_order_materials', { material_number: 'GL-6' })).toBe('GL-6');
  });

  it('skips a field the reader was not given (as a guarded field left out)', () => {
    const def: Pick<ResourceDef, 'label' | 'naming'> = { label: 'Thing', naming: { fields: ['secret', 'name'] } };
    expect(recordName(def, { id: 1, name: 'Visible' })).toBe('Visible');
    expect(recordName(def, { id: 1, secret: 'S', name: 'Visible' })).toBe('S');
  });

  it('names by stored fields whose text SQL reads as JSON does (so the server can name in SQL alike)', () => {
    for (const [resource, def] of Object.entries(RESOURCES) as [ResourceName, ResourceDef][]) {
      for (const field of def.naming.fields) {
        const fd = def.fields[field];
        expect(fd, `${resource}.${field}`).toBeDefined();
        expect(['text', 'longText', 'int', 'date', 'enum', 'phone'], `${resource}.${field}`).toContain(fd!.kind);
        expect(fd!.computed || fd!.writeOnly, `${resource}.${field}`).toBeFalsy();
      }
    }
  });
});
