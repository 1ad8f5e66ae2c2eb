/**
 * What the Product dialog sends: the product with its materials, in one request (the engine saves
 * `product_materials` nested in the product's body and deletes the lines left out, in one
 * transaction), shaped by the toggles so what is saved is what the dialog shows:
 * - a non-inventory product has no material and no lines;
 * - an assembly has lines and no single material; any other inventory product one material and no lines.
 * Prices and the labour estimate are left out for users without `edit products_admin` (the server ignores them anyway).
 */
import { toggleAssembly } from '@glazier/shared/rules/catalogue/product-assembly';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { newLineKey, type DraftLine } from './product-material-dialog.tsx';

/** A type, not an interface, so it is a form's `Record<string, unknown>`. */
export type ProductFormValues = {
  id?: number;
  updated_at?: string | null;
  number: string;
  name: string;
  description: string;
  unit: string;
  series_id: number | null;
  category_id: number | null;
  cost_per_unit: number;
  revenue_per_unit: number;
  /** The labour estimate: hours per unit; none is no estimate. */
  hours_per_unit: number | null;
  non_inventory: boolean;
  is_assembly: boolean;
  material_id: number | null;
  /** An invoice line of this product is taxable unless the line says otherwise (docs/domain/billing.md, Tax). */
  taxable: boolean;
  product_materials: DraftLine[];
};

export type ProductBody = InputOf<'products'> & { product_materials: InputOf<'product_materials'>[] };

/** A product as its generic get returns it: with its lines and single material. */
export type ProductWithMaterials = RecordOf<'products'> & {
  product_materials?: RecordOf<'product_materials'>[];
  material?: RecordOf<'materials'> | null;
};

export function productBody(values: ProductFormValues, options: { canSeePrices: boolean }): ProductBody {
  const { product_materials: lines, cost_per_unit, revenue_per_unit, hours_per_unit, ...rest } = values;
  const inventory = !values.non_inventory;
  return {
    ...rest,
    ...(options.canSeePrices ? { cost_per_unit, revenue_per_unit, hours_per_unit } : {}),
    material_id: inventory && !values.is_assembly ? values.material_id : null,
    product_materials: inventory && values.is_assembly ? lines.map((l) => ({ ...(l.id ? { id: l.id } : {}), material_id: l.material_id, qty: l.qty })) : [],
  };
}

/** The saved lines of a product as the dialog's drafts. */
export function draftLines(record: ProductWithMaterials | null | undefined): DraftLine[] {
  // In the order they were added (ids ascend), whatever order the server embeds them in.
  return [...(record?.product_materials ?? [])]
    .sort((a, b) => a.id - b.id)
    .map((pm) => ({ key: `saved-${pm.id}`, id: pm.id, material_id: pm.material_id, qty: pm.qty ?? 0 }));
}

/**
 * Flips Assembly with the shared rule (docs/domain/catalogue.md, Assemblies): the single material becomes a one-line list
 * with qty 1; back again, the first line's material, or none (a blank material to add).
 */
export function withAssemblyToggled(values: Pick<ProductFormValues, 'is_assembly' | 'material_id' | 'product_materials'>) {
  const known = new Map(values.product_materials.map((l) => [l.material_id, l.material ?? null]));
  const next = toggleAssembly({
    is_assembly: values.is_assembly,
    material_id: values.material_id,
    material: null,
    product_materials: values.product_materials.map((l) => ({ id: l.id, material_id: l.material_id, qty: l.qty })),
  });
  return {
    is_assembly: next.is_assembly,
    material_id: next.material_id,
    product_materials: next.product_materials.map((l): DraftLine => ({
      key: newLineKey(),
      material_id: l.material_id,
      qty: l.qty,
      material: known.get(l.material_id) ?? null,
    })),
  };
}
