import { describe, expect, it } from 'vitest';
import { changedFields, mergeEdits, sameValue } from './merge-edits.ts';

const SKIP = new Set(['id', 'updated_at']);

describe('sameValue', () => {
  it('reads values as a person does', () => {
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('1851.42', 1851.42)).toBe(true);
    expect(sameValue([], null)).toBe(true);
    expect(sameValue(0, '')).toBe(false);
    expect(sameValue('a', 'b')).toBe(false);
    expect(sameValue({ a: 1, b: null }, { a: '1' })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});

describe('mergeEdits', () => {
  // The job: the admin changed the address; meanwhile a manager renamed it and set the invoice amount.
  const base = { id: 7, updated_at: 'T1', name: 'Lobby', address: '1 Main St', invoice_amount: null as number | string | null };
  it('keeps what I changed and takes what they changed', () => {
    const mine = { ...base, address: '2 Oak Ave' };
    const theirs = { ...base, updated_at: 'T2', name: 'Lobby glass', invoice_amount: '1851.42' };
    const merged = mergeEdits(base, mine, theirs, SKIP);
    expect(merged.values).toMatchObject({ name: 'Lobby glass', address: '2 Oak Ave', invoice_amount: '1851.42' });
    expect(merged.theirChanges).toEqual(['name', 'invoice_amount']);
    expect(merged.myChanges).toEqual(['address']);
    expect(merged.conflicts).toEqual([]);
  });

  it('a field both changed differently is a conflict holding both values (mine in the form); the same change is none', () => {
    const mine = { ...base, name: 'Lobby (mine)', address: 'Same' };
    const theirs = { ...base, name: 'Lobby (theirs)', address: 'Same' };
    const merged = mergeEdits(base, mine, theirs, SKIP);
    expect(merged.conflicts).toEqual([{ path: 'name', field: 'name', mine: 'Lobby (mine)', theirs: 'Lobby (theirs)' }]);
    expect(merged.values.name).toBe('Lobby (mine)');
    expect(merged.values.address).toBe('Same');
  });

  describe('rows of a related list, by id', () => {
    const line = (id: number | undefined, material_id: number, qty: number) => ({ ...(id ? { id } : {}), key: `k${id ?? material_id}`, material_id, qty });
    const rowsBase = { id: 1, name: 'Door', product_materials: [line(10, 100, 1), line(11, 101, 2), line(12, 102, 3)] };

    it('merges each row field by field, keeps their new rows and mine', () => {
      const mine = { ...rowsBase, product_materials: [line(10, 100, 5), line(11, 101, 2), line(12, 102, 3), line(undefined, 200, 1)] };
      const theirs = { ...rowsBase, product_materials: [line(10, 100, 1), line(11, 109, 2), line(12, 102, 3), line(13, 300, 4)] };
      const merged = mergeEdits(rowsBase, mine, theirs, SKIP);
      expect(merged.conflicts).toEqual([]);
      expect(merged.values.product_materials.map((r) => [r.id ?? null, r.material_id, r.qty])).toEqual([
        [10, 100, 5], // my qty
        [11, 109, 2], // their material
        [12, 102, 3],
        [13, 300, 4], // their new row
        [null, 200, 1], // my new row
      ]);
    });

    it('a row one side removed goes unless the other changed it; a row field both changed is a conflict with its row', () => {
      // I removed row 11 and changed row 12's qty; they changed row 11 and removed row 12; both changed row 10's qty.
      const mine = { ...rowsBase, product_materials: [line(10, 100, 7), line(12, 102, 9)] };
      const theirs = { ...rowsBase, product_materials: [line(10, 100, 8), line(11, 101, 6)] };
      const merged = mergeEdits(rowsBase, mine, theirs, SKIP);
      expect(merged.conflicts).toEqual([{ path: 'product_materials.0.qty', field: 'product_materials', row: 1, rowField: 'qty', mine: 7, theirs: 8 }]);
      expect(merged.values.product_materials.map((r) => [r.id ?? null, r.material_id, r.qty])).toEqual([
        [10, 100, 7],
        [11, 101, 6], // they changed it: kept though I removed it
        [null, 102, 9], // I changed it: kept (to save again) though they removed it
      ]);
      expect(merged.keptRows).toEqual([
        { field: 'product_materials', row: 2, removedBy: 'mine' },
        { field: 'product_materials', row: 3, removedBy: 'theirs' },
      ]);
    });

    it('a row one side removed and the other left alone is gone', () => {
      const mine = { ...rowsBase, product_materials: [line(10, 100, 1), line(12, 102, 3)] };
      const theirs = { ...rowsBase, product_materials: [line(10, 100, 1), line(11, 101, 2)] };
      expect(mergeEdits(rowsBase, mine, theirs, SKIP).values.product_materials.map((r) => r.id)).toEqual([10]);
    });
  });
});

describe('changedFields', () => {
  it('lists the fields that differ as a person reads them', () => {
    expect(changedFields({ a: null, b: 1, c: 'x' }, { a: '', b: '1', c: 'y' })).toEqual(['c']);
  });
});
