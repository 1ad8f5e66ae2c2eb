import { describe, expect, it } from 'vitest';
import { draftLines, productBody, withAssemblyToggled, type ProductFormValues } from './product-body.ts';

const base: ProductFormValues = {
  id: 4,
  updated_at: '2026-01-01T00:00:00.000Z',
  number: 'SG-1',
  name: 'Door kit',
  description: '',
  unit: 'ea',
  series_id: 2,
  category_id: 1,
  cost_per_unit: 10,
  revenue_per_unit: 25,
  hours_per_unit: 1.5,
  non_inventory: false,
  is_assembly: false,
  material_id: 9,
  taxable: true,
  product_materials: [],
};

describe('productBody', () => {
  it('sends an assembly with its lines nested (saved ones by id) and no single material', () => {
    const body = productBody(
      {
        ...base,
        is_assembly: true,
        product_materials: [
          { key: 'saved-3', id: 3, material_id: 9, qty: 2 },
          { key: 'new-1', material_id: 12, qty: 1 },
        ],
      },
      { canSeePrices: true },
    );
    expect(body).toMatchObject({ id: 4, is_assembly: true, material_id: null, cost_per_unit: 10, revenue_per_unit: 25, hours_per_unit: 1.5 });
    expect(body.product_materials).toEqual([
      { id: 3, material_id: 9, qty: 2 },
      { material_id: 12, qty: 1 },
    ]);
  });

  it('sends a plain inventory product with its one material and an empty list (so stale lines go)', () => {
    const body = productBody({ ...base, product_materials: [{ key: 'k', material_id: 5, qty: 1 }] }, { canSeePrices: true });
    expect(body.material_id).toBe(9);
    expect(body.product_materials).toEqual([]);
  });

  it('sends a non-inventory product without any material', () => {
    const body = productBody(
      { ...base, non_inventory: true, is_assembly: true, product_materials: [{ key: 'k', material_id: 5, qty: 1 }] },
      { canSeePrices: true },
    );
    expect(body.material_id).toBeNull();
    expect(body.product_materials).toEqual([]);
  });

  it('leaves the prices out without edit products_admin', () => {
    const body = productBody(base, { canSeePrices: false });
    expect('cost_per_unit' in body).toBe(false);
    expect('revenue_per_unit' in body).toBe(false);
    expect('hours_per_unit' in body).toBe(false);
  });
});

describe('withAssemblyToggled', () => {
  it('turns the single material into one line with qty 1, and back into the first line', () => {
    const on = withAssemblyToggled({ is_assembly: false, material_id: 9, product_materials: [] });
    expect(on.is_assembly).toBe(true);
    expect(on.material_id).toBeNull();
    expect(on.product_materials.map(({ material_id, qty }) => ({ material_id, qty }))).toEqual([{ material_id: 9, qty: 1 }]);

    const off = withAssemblyToggled({ ...on, product_materials: [...on.product_materials, { key: 'x', material_id: 12, qty: 3 }] });
    expect(off).toMatchObject({ is_assembly: false, material_id: 9, product_materials: [] });
  });

  it('starts with no material when leaving an assembly without lines, and an empty list without a material', () => {
    expect(withAssemblyToggled({ is_assembly: true, material_id: null, product_materials: [] })).toEqual({
      is_assembly: false,
      material_id: null,
      product_materials: [],
    });
    expect(withAssemblyToggled({ is_assembly: false, material_id: null, product_materials: [] })).toEqual({
      is_assembly: true,
      material_id: null,
      product_materials: [],
    });
  });
});

describe('draftLines', () => {
  it('lists the saved lines in the order they were added', () => {
    const lines = draftLines({
      id: 4,
      name: 'Kit',
      non_inventory: false,
      is_assembly: true,
      product_materials: [
        { id: 8, product_id: 4, material_id: 12, qty: 1 },
        { id: 7, product_id: 4, material_id: 9, qty: 2 },
      ],
    } as never);
    expect(lines.map((l) => [l.id, l.material_id, l.qty])).toEqual([
      [7, 9, 2],
      [8, 12, 1],
    ]);
  });
});
