/**
 * A field's value as the screens show it, by the field's kind in the shared definition: money as
 * `$1,234.50`, quantities to 5 decimals, lengths in inches and sixteenths (`35 7/16"`), dates as
 * m/d/Y, phone numbers as (503) 555-0142, yes/no. The kit's tables, detail fields and history all word values through this one.
 *
 *   fieldText('job_products', 'glass_width', 35.4375)   // '35 7/16"'
 */
import { formatDate, formatDateTime } from '@glazier/shared/rules/dates';
import { formatLength } from '@glazier/shared/rules/length';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { formatPhone } from '@glazier/shared/rules/phone';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';

/** The kind of a resource's field (undefined for `id`, timestamps and unknown keys). */
export function fieldKind(resource: ResourceName, field: string): FieldDef['kind'] | undefined {
  return (RESOURCES[resource].fields as Record<string, FieldDef>)[field]?.kind;
}

/** The value of `field` as text; `empty` (default '') for no value. */
export function fieldText(resource: ResourceName, field: string, value: unknown, empty = ''): string {
  if (value === null || value === undefined || value === '') return empty;
  switch (fieldKind(resource, field)) {
    case 'bool':
      return value ? 'Yes' : 'No';
    case 'money':
      return formatMoney(Number(value));
    case 'qty':
      return formatQty(Number(value));
    case 'length':
      return formatLength(Number(value));
    case 'date':
      return formatDate(String(value));
    case 'timestamp':
      return formatDateTime(String(value));
    case 'ref':
      return `#${String(value)}`;
    case 'phone':
      return formatPhone(String(value));
    default:
      if (Array.isArray(value)) return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : empty;
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

/** The name of a field in words: `client_type_id` → "Client type", `scope_array` → "Scope". */
export function fieldWords(field: string): string {
  const words = field
    .replace(/_(id|array|json)$/, '')
    .replace(/_/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's label, as its definition writes it (the form, the history, CSV and import all read it
 * here), or its name in words when the definition gives none (a field no form shows).
 *
 *   fieldLabel('products', 'revenue_per_unit')   // 'Sale price'
 */
export function fieldLabel(resource: ResourceName | undefined, field: string): string {
  const def = resource ? (RESOURCES[resource].fields as Record<string, FieldDef>)[field] : undefined;
  return def?.label ?? fieldWords(field);
}
