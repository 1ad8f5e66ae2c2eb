/**
 * The Product dialog's Assembly toggle (docs/domain/catalogue.md, Assemblies): an inventory product is either one
 * material (`material_id`, edited as a material) or an assembly of product materials.
 * - Switching to assembly turns the single material, if one existed, into a one-line material
 *   list with qty 1 (docs/domain/catalogue.md, Assemblies).
 * - Switching back loads the first line's material, or starts a blank active material with zero
 *   quantities.
 * The list is cleared when leaving assembly: saving syncs it, so the lines go with the switch.
 */

/** The single material as the dialog edits it: an existing one (id) or a new draft. */
export interface MaterialDraft {
  id?: number | null;
  number?: string;
  description?: string;
  material_category_id?: number | null;
  active: boolean;
  reorder_qty: number;
  economic_order_qty: number;
  starting_qty: number;
  starting_price: number;
}

export interface ProductMaterialLine<M = MaterialDraft> {
  id?: number;
  material_id: number | null;
  qty: number;
  /** The line's material, when the dialog has it loaded. */
  material?: M | null;
}

export interface AssemblyState<M extends Partial<MaterialDraft> = MaterialDraft> {
  is_assembly: boolean;
  material_id: number | null;
  material: M | null;
  product_materials: ProductMaterialLine<M>[];
}

export function blankMaterial(): MaterialDraft {
  return { active: true, reorder_qty: 0, economic_order_qty: 0, starting_qty: 0, starting_price: 0 };
}

/** The product's state after flipping the Assembly toggle. */
export function toggleAssembly<M extends Partial<MaterialDraft>>(state: AssemblyState<M>): AssemblyState<M | MaterialDraft> {
  if (!state.is_assembly) {
    const id = state.material_id ?? state.material?.id ?? null;
    return {
      is_assembly: true,
      material_id: null,
      material: null,
      product_materials: id != null ? [{ material_id: id, qty: 1, material: state.material }] : [],
    };
  }
  const first = state.product_materials.find((line) => line.material_id != null);
  if (!first) return { is_assembly: false, material_id: null, material: blankMaterial(), product_materials: [] };
  return {
    is_assembly: false,
    material_id: first.material_id,
    material: first.material ?? ({ ...blankMaterial(), id: first.material_id } as MaterialDraft),
    product_materials: [],
  };
}
