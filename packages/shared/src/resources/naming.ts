/**
 * A record's name by its resource's `naming` (define.ts): the one rule behind the palette's titles,
 * headings and pickers. The server names references in SQL by the same rule (ref-labels.ts), and
 * a test holds the two to the same answers.
 *
 *   recordName(RESOURCES.purchase_orders, { id: 3, number: 12 })   // 'PO 12'
 *   recordName(RESOURCES.jobs, { id: 7, number: null, name: '' })   // 'Job 7'
 */
import type { ResourceDef } from './define.ts';

/** Blank as SQL's `nullif(value::text, '')` reads it: absent, null or the empty text. */
const present = (v: unknown): v is string | number | boolean => v !== undefined && v !== null && String(v) !== '';

export function recordName(def: Pick<ResourceDef, 'label' | 'naming'>, record: { readonly [field: string]: unknown }): string {
  const field = def.naming.fields.find((f) => present(record[f]));
  return field ? `${def.naming.prefix ?? ''}${String(record[field])}` : `${def.label} ${String(record.id)}`;
}
