/**
 * What a record says of the record one of its references names, for a picker's `known`
 * (picker-types.ts): a time entry's `job_number` and `job_name` are its job's `number` and `name`
 * (`job_id` → the fields after `job_`). So a dialog shows the chosen record offline even when the
 * device never read it, only the record that names it.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { RecordOf } from '@glazier/shared/resources/records';

export function knownReference<N extends ResourceName>(
  _target: N,
  record: Record<string, unknown> | null | undefined,
  field: string,
): (Partial<RecordOf<N>> & { id: number }) | undefined {
  const id = record?.[field];
  if (!record || typeof id !== 'number') return undefined;
  const prefix = `${field.replace(/_id$/, '')}_`;
  const copy: Record<string, unknown> = { id };
  for (const [key, value] of Object.entries(record)) if (key !== field && key.startsWith(prefix) && value != null) copy[key.slice(prefix.length)] = value;
  return copy as Partial<RecordOf<N>> & { id: number };
}
