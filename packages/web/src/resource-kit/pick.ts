import type { Rec } from './hooks.ts';

/**
 * Form values for a record: the given keys from the record (or the defaults), plus `id` and
 * `updated_at` when editing so the save is a whole-record PATCH with its conflict check.
 */
export function formValues<K extends string>(
  record: Partial<Rec> | null | undefined,
  defaults: Record<K, unknown>,
): Record<K, unknown> & { id?: number; updated_at?: string | null } {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(defaults) as K[]) {
    const v = record?.[key];
    out[key] = v === undefined || v === null ? defaults[key] : v;
  }
  if (record?.id) {
    out.id = record.id;
    out.updated_at = record.updated_at ?? null;
  }
  return out as Record<K, unknown> & { id?: number; updated_at?: string | null };
}
