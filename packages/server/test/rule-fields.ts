/** Which fields a record rule (shared/resources/record-rules.ts) reads: the field-rule tests' cases name and aim at them. */
import type { RecordRule } from '@glazier/shared/resources/record-rules';

export function ruleFields(rule: RecordRule): string[] {
  switch (rule.kind) {
    case 'notBefore':
      return [rule.start, rule.field];
    case 'minWhen':
      return [rule.field, rule.when.field];
    case 'anyOf':
    case 'notBoth':
      return [...rule.fields];
  }
}
