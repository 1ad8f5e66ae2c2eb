/**
 * Rules across the fields of one record, declared with the resource (`rules`). The
 * server checks them on the record as it will be stored (a PATCH merged over the stored row), the
 * database holds each as a CHECK constraint (server db/constraints.ts), and a form can show the
 * same message under the same field before sending.
 */
import { isBlank } from './fields.ts';

export type RecordRule =
  /** `field` (an end) is not before `start`, when both are set. The message goes under `field`. */
  | { kind: 'notBefore'; field: string; start: string; message: string }
  /** At least one of `fields` is set. The message goes under the first. */
  | { kind: 'anyOf'; fields: readonly [string, ...string[]]; message: string }
  /** Not both of `fields` are set. The message goes under both. */
  | { kind: 'notBoth'; fields: readonly [string, string]; message: string }
  /** `field` is at least `min` when `when.field` is one of `when.values` (a stock count is never negative). */
  | { kind: 'minWhen'; field: string; min: number; when: { field: string; values: readonly string[] }; message: string };

/** The field a rule's message belongs under (a broken `notBoth` is also shown under its first). */
export function ruleField(rule: RecordRule): string {
  switch (rule.kind) {
    case 'notBefore':
    case 'minWhen':
      return rule.field;
    case 'anyOf':
      return rule.fields[0];
    case 'notBoth':
      return rule.fields[1];
  }
}

/** True when the record keeps the rule. Blank values are "not set". */
export function keepsRule(rule: RecordRule, record: Readonly<Record<string, unknown>>): boolean {
  switch (rule.kind) {
    case 'notBefore': {
      const end = record[rule.field];
      const start = record[rule.start];
      if (isBlank(end) || isBlank(start)) return true;
      return String(end) >= String(start); // ISO dates and timestamps compare as text
    }
    case 'anyOf':
      return rule.fields.some((f) => !isBlank(record[f]));
    case 'notBoth':
      return isBlank(record[rule.fields[0]]) || isBlank(record[rule.fields[1]]);
    case 'minWhen': {
      const value = record[rule.field];
      if (!rule.when.values.includes(String(record[rule.when.field])) || isBlank(value)) return true;
      return Number(value) >= rule.min;
    }
  }
}

/** The broken rules' messages by field, as a 422's `errors`. */
export function recordRuleErrors(rules: readonly RecordRule[] | undefined, record: Readonly<Record<string, unknown>>, prefix = ''): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const rule of rules ?? []) {
    if (keepsRule(rule, record)) continue;
    for (const field of rule.kind === 'notBoth' ? rule.fields : [ruleField(rule)]) (errors[`${prefix}${field}`] ??= []).push(rule.message);
  }
  return errors;
}
