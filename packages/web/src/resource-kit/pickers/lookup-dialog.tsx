/**
 * Lookup dialogs (docs/platform.md, Pickers and lookups): search one resource in a modal and pick a record.
 *
 *   const job = await openLookup(modals, 'jobs');   // resolves with RecordOf<'jobs'> or null
 *
 * Jobs, clients, category templates and series page by 30, materials and products by 60; all are
 * sorted descending by number or name. The job lookup filters All / Active (default Active); the
 * series lookup All / Stocked / Special Order.
 *
 * A lookup whose config has `addNew` (products, materials) ends its list with a row "Add New
 * Product {text}" when nothing matches, for users with `edit` on that area (docs/platform.md, Pickers and lookups); it calls
 * the `onAddNew` opener with the config's prefill from the search text, and picks the record the
 * creation dialog resolves with. The opener is the resource's registered dialog (record-dialogs.ts)
 * unless the caller passes its own.
 */
import { can, type Area } from '@glazier/shared/permissions';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { ActionIcon, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useReadOnly } from '../../ui/read-only.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { Pager } from '../../ui/pager.tsx';
import type { Query } from '../http/http.ts';
import { usePage } from '../records/queries.ts';
import type { Rec } from '../records/records.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { OFFLINE_SEARCH_MESSAGE, useQueryOffline } from '../offline/offline.ts';
import { hasRecordDialog, openRecordDialog } from '../forms/record-dialogs.ts';
import { recordHeading } from '../records/record-headings.ts';
import { useCurrentUser } from '../http/session-user.ts';
import { SearchableList } from '../lists/searchable-list.tsx';

/** Same debounce as the record picker (docs/platform.md, Pickers and lookups). */
const SEARCH_DEBOUNCE_MS = 500;

/** The resources with a lookup dialog. */
export type LookupKind = Extract<ResourceName, 'jobs' | 'clients' | 'category_templates' | 'series' | 'materials' | 'products'>;

interface FilterOption {
  value: string;
  label: string;
  query: Query;
}

export interface LookupConfig {
  resource: ResourceName;
  title: string;
  perPage: number;
  sortColumn: string;
  filter?: { label: string; options: FilterOption[]; defaultValue: string };
  primary: (r: Rec) => string;
  secondary?: (r: Rec) => ReactNode;
  /** The "Add New …" row: shown to users with `edit` on `area`; `prefill` makes the new record's values from the search text. */
  addNew?: { area: Area; prefill: (text: string) => Record<string, unknown> };
}

/** Opens the creation dialog of a lookup's resource with the prefilled values; resolves with the new record or null. */
export type LookupAddNew = (prefill: Record<string, unknown>) => Promise<Rec | null>;

// Rows are headed as in the record picker (record-headings.ts).
const jobHeading = recordHeading('jobs');
const materialHeading = recordHeading('materials');
const productHeading = recordHeading('products');
const categoryTemplateHeading = recordHeading('category_templates');

export const LOOKUPS: Record<LookupKind, LookupConfig> = {
  jobs: {
    resource: 'jobs',
    title: 'Job Lookup',
    perPage: 30,
    sortColumn: 'number',
    filter: {
      label: 'Status',
      defaultValue: 'active',
      options: [
        { value: 'all', label: 'All', query: {} },
        { value: 'active', label: 'Active', query: { active: true } },
      ],
    },
    // Job headings show the number, or the name without one (docs/platform.md, Dialogs).
    primary: jobHeading.primary,
    secondary: jobHeading.secondary,
  },
  clients: { resource: 'clients', title: 'Client Lookup', perPage: 30, sortColumn: 'name', primary: recordHeading('clients').primary },
  category_templates: {
    resource: 'category_templates',
    title: 'Category Template Lookup',
    perPage: 30,
    sortColumn: 'name',
    primary: categoryTemplateHeading.primary,
    secondary: categoryTemplateHeading.secondary,
  },
  series: {
    resource: 'series',
    title: 'Series Lookup',
    perPage: 30,
    sortColumn: 'name',
    filter: {
      label: 'Type',
      defaultValue: 'all',
      options: [
        { value: 'all', label: 'All', query: {} },
        { value: 'stocked', label: 'Stocked', query: { type: 'stocked' } },
        { value: 'special_order', label: 'Special Order', query: { type: 'special_order' } },
      ],
    },
    primary: recordHeading('series').primary,
  },
  // A material shows its number with the description beneath (docs/platform.md, Dialogs).
  materials: {
    resource: 'materials',
    title: 'Material Lookup',
    perPage: 60,
    sortColumn: 'number',
    primary: materialHeading.primary,
    secondary: materialHeading.secondary,
    addNew: { area: 'inventory', prefill: (text) => ({ number: text, description: text }) },
  },
  products: {
    resource: 'products',
    title: 'Product Lookup',
    perPage: 60,
    sortColumn: 'number',
    primary: productHeading.primary,
    secondary: productHeading.secondary,
    addNew: { area: 'products', prefill: (text) => ({ name: text, description: text }) },
  },
};

export interface LookupDialogProps {
  kind: LookupKind;
  /** Extra fixed filters (e.g. `{ client_id }`). */
  filters?: Query;
  /** Opens the creation dialog for the "Add New …" row (only used when the config has `addNew`). */
  onAddNew?: LookupAddNew;
}

export function LookupDialog({ kind, filters, onAddNew }: LookupDialogProps) {
  const config = LOOKUPS[kind];
  const user = useCurrentUser();
  const canAdd = Boolean(config.addNew && onAddNew && can(user, 'edit', config.addNew.area));
  const modal = useModal<Rec>();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState(config.filter?.defaultValue ?? '');
  const [pageNo, setPageNo] = useState(1);
  const filterQuery = config.filter?.options.find((o) => o.value === filter)?.query ?? {};

  useEffect(() => setPageNo(1), [search, filter]);

  const page = usePage(config.resource, {
    page: pageNo,
    per_page: config.perPage,
    search: search || undefined,
    sort_column: config.sortColumn,
    sort_direction: 'desc',
    ...filterQuery,
    ...filters,
  });
  const rows = page.data?.data ?? [];
  const offline = useQueryOffline(page);
  // Like the picker's: only once the search has settled on nothing, and never offline.
  const showAdd = canAdd && rows.length === 0 && !offline && !page.isFetching && !page.isError && search === text.trim();
  const addNew = async () => {
    const created = await onAddNew?.(config.addNew!.prefill(search));
    if (created) modal.close(created);
  };

  return (
    <Stack gap="sm" data-testid={`lookup-${kind}`}>
      <SearchableList
        search={{ label: 'Search', placeholder: 'Type to search' }}
        text={text}
        onText={setText}
        beside={
          config.filter && (
            <SegmentedControl
              aria-label={config.filter.label}
              value={filter}
              onChange={setFilter}
              data={config.filter.options.map((o) => ({ value: o.value, label: o.label }))}
            />
          )
        }
        rows={rows}
        rowKey={(r) => r.id}
        onPick={(r) => modal.close(r)}
        listLabel={`${config.title} results`}
        rowsKey={page.dataUpdatedAt}
        renderRow={(r) => (
          <>
            <Text size="sm" fw={500}>
              {config.primary(r) || '(no number)'}
            </Text>
            {config.secondary && (
              <Text size="xs" c="dimmed">
                {config.secondary(r)}
              </Text>
            )}
          </>
        )}
        addRow={
          showAdd && {
            onPick: () => void addNew(),
            content: (
              <Text size="sm" fw={500} c="var(--mantine-primary-color-filled)">
                Add New {RESOURCES[config.resource].label} {search}
              </Text>
            ),
          }
        }
        empty={
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {offline
              ? OFFLINE_SEARCH_MESSAGE
              : page.isLoading
                ? 'Loading…'
                : page.isError
                  ? 'Could not load the list.'
                  : search
                    ? `Nothing matches “${search}”.`
                    : 'Nothing here yet.'}
          </Text>
        }
      />
      {(page.data?.last_page ?? 1) > 1 && (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {page.data?.total} found
          </Text>
          <Pager value={pageNo} onChange={setPageNo} total={page.data?.last_page ?? 1} />
        </Group>
      )}
    </Stack>
  );
}

export interface LookupOptions {
  filters?: Query;
  onAddNew?: LookupAddNew;
}

export function openLookup<K extends LookupKind>(modals: ModalStackApi, kind: K, options: LookupOptions = {}): Promise<RecordOf<K> | null> {
  const resource = LOOKUPS[kind].resource;
  const onAddNew: LookupAddNew | undefined =
    options.onAddNew ?? (hasRecordDialog(resource) ? (initial) => openRecordDialog(modals, resource, { initial }) : undefined);
  return modals.push<RecordOf<K>>(() => <LookupDialog kind={kind} filters={options.filters} onAddNew={onAddNew} />, {
    title: LOOKUPS[kind].title,
    size: 'lg',
    testId: 'lookup-dialog',
  });
}

/** A picker (`children`) with its lookup button beside it, the picker taking the width. */
export function WithLookup({ label, onLookup, children }: { label: string; onLookup: () => void; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Box style={{ flex: 1 }}>{children}</Box>
      <LookupButton label={label} onClick={onLookup} />
    </Group>
  );
}

/**
 * The button beside a picker that opens its lookup (`label`: "Product lookup"). Read-only, the
 * picker shows its record as text and there is nothing to look up: no button.
 */
export function LookupButton({ label, onClick }: { label: string; onClick: () => void }) {
  if (useReadOnly()) return null;
  return (
    <ActionIcon variant="default" size={36} onClick={onClick} aria-label={label}>
      <IconList size={18} />
    </ActionIcon>
  );
}
