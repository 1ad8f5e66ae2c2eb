/**
 * The resources a file can be imported into, and the fields that find the record a row updates:
 * without zod (the declarations, imports.ts, hold the schemas), for the lists that offer an import.
 */
/** The resources a file can be imported into. */
export const IMPORTABLE = ['clients', 'client_types', 'products', 'materials', 'material_categories', 'vendors', 'vendor_materials'] as const;
export type Importable = (typeof IMPORTABLE)[number];

export function isImportable(name: string): name is Importable {
  return (IMPORTABLE as readonly string[]).includes(name);
}

/** The fields that find the record a row updates (together, exact after trimming); a row without them adds. */
export const IMPORT_KEYS: Record<Importable, readonly string[]> = {
  clients: ['name'],
  client_types: ['name'],
  products: ['number'],
  materials: ['number'],
  material_categories: ['name'],
  vendors: ['name'],
  vendor_materials: ['vendor_id', 'material_id'],
};
