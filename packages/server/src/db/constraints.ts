/**
 * The database's copy of the field rules: every declared rule of a resource becomes a
 * CHECK constraint, so no write path (a hook's SQL, a script, a bug) can store what the rule
 * forbids. Derived from the same declarations as the zod validation (shared/resources): a
 * number's range (`min`, `max`, `positive`), a required field, and the record rules.
 *
 * A table shared by several resources (jobs and job templates) holds a rule of only one of them
 * guarded by that resource's fixed columns (`NOT is_template OR …`); a rule they all declare
 * holds unguarded. Names: `{resource}_{field}_{what}`, at most 63 characters (PostgreSQL's limit).
 */
import { boundsMessage, enumMessage, numberBounds, type FieldDef } from '@glazier/shared/resources/fields';
import { requiredMessage, type ResourceDef } from '@glazier/shared/resources/define';
import { ruleField, type RecordRule } from '@glazier/shared/resources/record-rules';
import { RESOURCES } from '@glazier/shared/resources/registry';

export interface CheckConstraint {
  name: string;
  table: string;
  /** The SQL condition every row must keep. */
  expression: string;
  /** The field a violation is reported on, and what it says (a 422 from a write the engine did not check). */
  field: string;
  message: string;
}

const q = (column: string) => `"${column}"`;
const literal = (v: string | number | boolean) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));

/** One rule of a resource, before it is named for its table. */
type ResourceCheck = Omit<CheckConstraint, 'name' | 'table'> & { suffix: string };

/** A field's own rules, unguarded, with the messages its zod validation gives. */
function fieldChecks(name: string, fd: FieldDef): ResourceCheck[] {
  if (fd.computed || fd.readOnly || fd.writeOnly || fd.kind === 'password') return [];
  const out: ResourceCheck[] = [];
  const check = (what: string, expression: string, message: string) => out.push({ suffix: `${name}_${what}`, expression, field: name, message });
  const b = numberBounds(fd);
  if (b) {
    // only the range declared, not the type's own limits (the column's precision holds those)
    const type = numberBounds({ kind: fd.kind })!;
    if (b.exclusive) check('min', `${q(name)} > ${b.min}`, boundsMessage(b, b.min));
    // a length that allows 0 (min: 0) is still no negative, where its kind alone would say more than 0
    else if (b.min > type.min || type.exclusive) check('min', `${q(name)} >= ${b.min}`, boundsMessage(b, b.min - 1));
    if (b.max < type.max) check('max', `${q(name)} <= ${b.max}`, boundsMessage(b, b.max + 1));
  }
  if (fd.kind === 'enum' && fd.values?.length) check('values', `${q(name)} IN (${fd.values.map(literal).join(', ')})`, enumMessage(fd.values));
  // A required reference that its target's delete sets to null (a time entry of a purged job, kept
  // as pay) is required of a save, not of the row.
  if (fd.required && fd.kind !== 'bool' && !(fd.kind === 'ref' && fd.onDelete === 'set null')) {
    const text = fd.kind === 'text' || fd.kind === 'longText' || fd.kind === 'email';
    check('required', text ? `${q(name)} IS NOT NULL AND btrim(${q(name)}) <> ''` : `${q(name)} IS NOT NULL`, requiredMessage(name));
  }
  return out;
}

function ruleCheck(rule: RecordRule): [string, string] {
  const set = (f: string) => `(${q(f)} IS NOT NULL AND btrim(${q(f)}::text) <> '')`;
  switch (rule.kind) {
    case 'notBefore':
      return [`${rule.field}_not_before`, `${q(rule.field)} IS NULL OR ${q(rule.start)} IS NULL OR ${q(rule.field)} >= ${q(rule.start)}`];
    case 'anyOf':
      return [`${rule.fields.join('_or_')}`, rule.fields.map(set).join(' OR ')];
    case 'notBoth':
      return [`${rule.fields.join('_or_')}_not_both`, `${q(rule.fields[0])} IS NULL OR ${q(rule.fields[1])} IS NULL`];
    case 'minWhen':
      return [
        `${rule.field}_${rule.when.values.join('_')}_min`,
        `${q(rule.when.field)} IS NULL OR ${q(rule.when.field)} NOT IN (${rule.when.values.map(literal).join(', ')}) OR ${q(rule.field)} >= ${rule.min}`,
      ];
  }
}

function resourceChecks(def: ResourceDef): ResourceCheck[] {
  const out = Object.entries(def.fields).flatMap(([name, fd]) => fieldChecks(name, fd));
  for (const rule of def.rules ?? []) {
    const [suffix, expression] = ruleCheck(rule);
    out.push({ suffix, expression, field: ruleField(rule), message: rule.message });
  }
  return out;
}

const guardOf = (def: ResourceDef) =>
  Object.entries(def.fixed ?? {})
    .map(([col, v]) => `${q(col)} = ${literal(v)}`)
    .join(' AND ');

function buildChecks(): Map<string, CheckConstraint[]> {
  const byTable = new Map<string, ResourceDef[]>();
  for (const def of Object.values(RESOURCES) as ResourceDef[]) byTable.set(def.table, [...(byTable.get(def.table) ?? []), def]);
  const out = new Map<string, CheckConstraint[]>();
  for (const [table, defs] of byTable) {
    const list: CheckConstraint[] = [];
    const seen = new Set<string>();
    const checks = new Map(defs.map((d) => [d, resourceChecks(d)]));
    for (const def of defs) {
      for (const c of checks.get(def)!) {
        // a rule every resource of the table declares holds for every row; another only for its resource's rows
        const everywhere = defs.every((d) => checks.get(d)!.some((o) => o.expression === c.expression));
        if (everywhere) {
          const name = `${table}_${c.suffix}`;
          if (!seen.has(name)) list.push({ name, table, expression: c.expression, field: c.field, message: c.message });
          seen.add(name);
        } else {
          list.push({ name: `${def.name}_${c.suffix}`, table, expression: `NOT (${guardOf(def)}) OR (${c.expression})`, field: c.field, message: c.message });
        }
      }
    }
    for (const c of list) if (c.name.length > 63) throw new Error(`Constraint name over 63 characters: ${c.name}`);
    out.set(table, list);
  }
  return out;
}

const CHECKS = buildChecks();

/** The CHECK constraints of a table. */
export const checksOf = (table: string): readonly CheckConstraint[] => CHECKS.get(table) ?? [];

const BY_NAME = new Map([...CHECKS.values()].flat().map((c) => [c.name, c]));

/** The constraint a violation names (a 23514 error's `constraint`), when it is one of ours. */
export const checkNamed = (name: string | undefined): CheckConstraint | undefined => (name ? BY_NAME.get(name) : undefined);
