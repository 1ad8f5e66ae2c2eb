import { describe, expect, it } from 'vitest';
import { blankMaterial, toggleAssembly, type MaterialDraft } from './product-assembly.ts';

const glass: MaterialDraft = {
  id: 7,
  number: 'GL-38-CL',
  description: '3/8" clear',
  active: true,
  reorder_qty: 10,
  economic_order_qty: 20,
  starting_qty: 5,
  starting_price: 12.5,
};
const hinge: MaterialDraft = { id: 9, number: 'HG-GEN', active: true, reorder_qty: 0, economic_order_qty: 0, starting_qty: 0, starting_price: 0 };

describe('product assembly toggle', () => {
  it('turns the single material into a one-line list with qty 1', () => {
    const next = toggleAssembly({ is_assembly: false, material_id: 7, material: glass, product_materials: [] });
    expect(next).toEqual({ is_assembly: true, material_id: null, material: null, product_materials: [{ material_id: 7, qty: 1, material: glass }] });
  });

  it('starts an empty list when there was no single material', () => {
    const next = toggleAssembly({ is_assembly: false, material_id: null, material: blankMaterial(), product_materials: [] });
    expect(next.is_assembly).toBe(true);
    expect(next.product_materials).toEqual([]);
  });

  it('switching back loads the first line and clears the list', () => {
    const next = toggleAssembly({
      is_assembly: true,
      material_id: null,
      material: null,
      product_materials: [
        { id: 1, material_id: 9, qty: 4, material: hinge },
        { id: 2, material_id: 7, qty: 1, material: glass },
      ],
    });
    expect(next).toEqual({ is_assembly: false, material_id: 9, material: hinge, product_materials: [] });
  });

  it('switching back with no lines starts a blank active material with zero quantities', () => {
    const next = toggleAssembly({ is_assembly: true, material_id: null, material: null, product_materials: [] });
    expect(next.material).toEqual({ active: true, reorder_qty: 0, economic_order_qty: 0, starting_qty: 0, starting_price: 0 });
    expect(next.material_id).toBeNull();
  });

  it('skips lines without a material and keeps the id of a line whose material is not loaded', () => {
    const next = toggleAssembly({
      is_assembly: true,
      material_id: null,
      material: null,
      product_materials: [
        { material_id: null, qty: 1 },
        { material_id: 9, qty: 2 },
      ],
    });
    expect(next.material_id).toBe(9);
    expect(next.material?.id).toBe(9);
  });

  it('round trip keeps the material', () => {
    const there = toggleAssembly({ is_assembly: false, material_id: 7, material: glass, product_materials: [] });
    const back = toggleAssembly(there);
    expect(back.material_id).toBe(7);
    expect(back.material).toEqual(glass);
  });
});
