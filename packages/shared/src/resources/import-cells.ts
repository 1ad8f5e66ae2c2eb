/**
 * A spreadsheet cell → the value a save takes, by the field's kind: the inverse of how lists show
 * and export values (web field-text.ts over rules/money, dates, length): `$1,234.50` → 1234.5,
 * `6/30/2026` → '2026-06-30', `Yes` → true. What it cannot read it passes on as it is, so the
 * record's own validation answers with its usual message. References are read by the server
 * (a name is looked up there); here a reference is an id when it is one, else its text.
 *
 *   importCellValue(f.money(), '$1,234.50')   // 1234.5
 */
import type { FieldDef } from './fields.ts';

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?Z?)?$/;
const YES = new Set(['yes', 'y', 'true', '1', 'x', 'active']);
const NO = new Set(['no', 'n', 'false', '0', 'inactive']);

export function importCellValue(fd: FieldDef, cell: unknown): unknown {
  if (typeof cell !== 'string') return cell;
  const text = cell.trim();
  switch (fd.kind) {
    case 'int':
    case 'money':
    case 'qty': {
      if (text === '') return null;
      // `$1,234.50`, `1 234`, `(12.00)` as accountants write a negative
      const negative = /^\(.*\)$/.test(text);
      const bare = text.replace(/^\((.*)\)$/, '$1').replace(/[$,\s]/g, '');
      return NUMBER_TEXT.test(bare) ? (negative ? -1 : 1) * Number(bare) : cell;
    }
    case 'bool':
      if (text === '') return undefined; // the field's default
      if (YES.has(text.toLowerCase())) return true;
      if (NO.has(text.toLowerCase())) return false;
      return cell;
    case 'date': {
      if (text === '') return null;
      const us = US_DATE.exec(text);
      if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
      return ISO_DAY.exec(text)?.[1] ?? cell;
    }
    case 'enum': {
      const found = fd.values?.find((v) => v.toLowerCase() === text.toLowerCase() || v.replace(/_/g, ' ') === text.toLowerCase());
      return found ?? (text === '' ? null : cell);
    }
    case 'ref':
      if (text === '') return null;
      return /^\d+$/.test(text) ? Number(text) : text;
    case 'idList':
      if (text === '') return [];
      return text
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    case 'length':
    case 'phone':
    case 'email':
      return text === '' ? null : text;
    default:
      return cell;
  }
}
