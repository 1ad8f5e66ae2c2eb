/**
 * A list screen's filters, declared: each control names its filter (kept in the address by
 * useListFilters, so Back and a shared link show the same rows) and its kind, and the bar draws
 * them in the table's toolbar alike on every list:
 *
 *   const bar = useFilterBar({ status: null, client_id: null }, [
 *     { kind: 'choice', name: 'status', label: 'Status', placeholder: 'All statuses', options: STATUS_OPTIONS },
 *     { kind: 'record', name: 'client_id', label: 'Client', placeholder: 'All clients', resource: 'clients', query: { active: 'all' } },
 *   ]);
 *   <ResourceTable filters={{ status: bar.values.status ?? undefined, … }} toolbar={bar.toolbar} … />
 *
 * Kinds: `segments` (a few choices side by side, one always chosen), `choice` (a select, cleared
 * for all), `record` (another resource's short list: RefSelect), `date`, `switch` (on: 'true').
 * Each control's `data-testid` is `{name}-filter` unless it gives its own.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { Suspense, lazy, type ReactNode } from 'react';
import { SelectField } from '../../ui/select-field.tsx';
import { RefSelect, type Named } from '../pickers/ref-select.tsx';
import type { Query } from '../http/http.ts';
import { useList } from '../records/queries.ts';
import { useListFilters } from '../lists/list-state.tsx';

// The date picker (Mantine's dates and dayjs) and the switch load with the first bar that has one, not with every list.
const DateField = lazy(() => import('../../ui/date-field.tsx').then((m) => ({ default: m.DateField })));
const CheckField = lazy(() => import('../../ui/check-field.tsx').then((m) => ({ default: m.CheckField })));

interface Option {
  value: string;
  label: string;
}

export type FilterControl<K extends string = string> = { name: K; label: string; testId?: string; width?: number } & (
  | { kind: 'segments'; options: Option[] }
  | { kind: 'choice'; placeholder: string; options: Option[] }
  | { kind: 'record'; placeholder: string; resource: ResourceName; query?: Query; searchable?: boolean }
  | { kind: 'date'; placeholder: string }
  | { kind: 'switch' }
);

type Set = (value: string | null) => void;

function RecordFilter({ control, value, set }: { control: Extract<FilterControl, { kind: 'record' }>; value: string | null; set: Set }) {
  const records = useList(control.resource, control.query);
  return (
    <RefSelect
      aria-label={control.label}
      placeholder={control.placeholder}
      w={control.width ?? 220}
      clearable
      searchable={control.searchable ?? true}
      records={records.data as readonly Named[] | undefined}
      value={value}
      onChange={(_, text) => set(text)}
      data-testid={control.testId ?? `${control.name}-filter`}
    />
  );
}

function Control({ control, value, set }: { control: FilterControl; value: string | null; set: Set }): ReactNode {
  const testId = control.testId ?? `${control.name}-filter`;
  switch (control.kind) {
    case 'segments':
      return (
        <SegmentedControl aria-label={control.label} value={value ?? control.options[0]!.value} onChange={set} data={control.options} data-testid={testId} />
      );
    case 'choice':
      return (
        <SelectField
          aria-label={control.label}
          placeholder={control.placeholder}
          w={control.width ?? 160}
          clearable
          data={control.options}
          value={value}
          onChange={set}
          data-testid={testId}
        />
      );
    case 'record':
      return <RecordFilter control={control} value={value} set={set} />;
    case 'date':
      return (
        <Suspense fallback={<TextInput aria-label={control.label} placeholder={control.placeholder} w={control.width ?? 140} value={value ?? ''} readOnly />}>
          <DateField aria-label={control.label} placeholder={control.placeholder} w={control.width ?? 140} value={value} onChange={set} data-testid={testId} />
        </Suspense>
      );
    case 'switch':
      return (
        <Suspense fallback={<Text size="sm">{control.label}</Text>}>
          <CheckField
            kind="switch"
            label={control.label}
            checked={value === 'true'}
            onChange={(e) => set(e.currentTarget.checked ? 'true' : null)}
            data-testid={testId}
          />
        </Suspense>
      );
  }
}

/** The bar itself, over values and a setter the screen already has (useListFilters). */
export function FilterBar<K extends string>({
  controls,
  values,
  setFilter,
}: {
  controls: FilterControl<K>[];
  values: { [N in K]: string | null };
  setFilter: (name: K, value: string | null) => void;
}) {
  return (
    <Group gap="sm" align="center" wrap="wrap">
      {controls.map((c) => (
        <Control key={c.name} control={c} value={values[c.name]} set={(v) => setFilter(c.name, v)} />
      ))}
    </Group>
  );
}

/** A screen's filters in the address (`defaults`: each one's value when the address has none) and their bar. */
export function useFilterBar<F extends Record<string, string | null>>(defaults: F, controls: FilterControl<keyof F & string>[]) {
  const [values, setFilter] = useListFilters(defaults);
  return { values, setFilter, toolbar: <FilterBar controls={controls} values={values} setFilter={setFilter} /> };
}
