/**
 * A detail screen (docs/platform.md, Screens and navigation): a header card (title, key fields, a status badge,
 * actions) over tabs on wider screens, or stacked sections on phones; each section shows one
 * related list with its own Add button.
 *
 *   const id = useRouteId('material_id');
 *   <DetailPage resource="materials" id={id} parent={{ label: 'Inventory', to: '/inventory' }}
 *     subtitle={(m) => m.description}
 *     fields={[{ label: 'Reorder qty', field: 'reorder_qty' }, { label: 'Vendor', value: (m) => vendorName(m) }]}
 *     actions={(m) => <Button onClick={() => edit(m)}>Edit</Button>}
 *     sections={[{ key: 'vendors', label: 'Vendors', onAdd: canEdit ? addVendor : undefined, addLabel: 'Add Vendor',
 *                  render: (m) => <ResourceTable resource="vendor_materials" filters={{ material_id: m.id }} … /> }]} />
 *
 * The kit loads the record (`useRecord`), shows the delayed skeleton while it loads, "not found"
 * for a missing id, and names the screen (h1 and document title) by the record. The open tab is
 * kept in the address (`?tab=vendors`), so reload and back return to it; so are each section's
 * list's page, search and sort, under the section's key (`?vendors.page=2`, list-state.tsx).
 *
 * A section that lists a relation the record's GET embeds declares it (`relation: 'notes'`, or
 * `{ name: 'pickup_items', paged: true }` for a paged table): its list starts from the embedded rows
 * instead of asking again (embedded-relations.ts), when it asks with the relation's own query.
 */
import { recordName } from '@glazier/shared/resources/naming';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useAddressParams } from '../lists/address-params.ts';
import { useDelayedFlag } from '../../ui/loader.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { HttpError } from '../http/http.ts';
import { fieldText } from '../forms/field-text.ts';
import { primeRelations, type SectionRelation } from '../records/embedded-relations.ts';
import { useRecord } from '../records/queries.ts';
import type { FieldName, RecordWithRelations } from '@glazier/shared/resources/records';
import type { Rec } from '../records/records.ts';
import { ListScope, listAddress } from '../lists/list-state.tsx';
import { useQueryOffline } from '../offline/offline.ts';
import { NoRows, OfflineAsOf } from '../offline/offline-state.tsx';

/** A key field of the header card: a field of the record (shown as its kind reads, field-text.ts), or any `value`. */
export interface DetailField<N extends ResourceName> {
  label: string;
  field?: FieldName<N>;
  value?: (record: RecordWithRelations<N>) => ReactNode;
  /** Leave the field out for this record (e.g. a price the user may not see). */
  hidden?: (record: RecordWithRelations<N>) => boolean;
  /** Columns the field takes (2 for a long value such as an email, so it does not break mid-word). */
  span?: number;
}

/** A tab (a stacked section on phones): usually one related list. */
export interface DetailSection<N extends ResourceName> {
  /** The tab's key in the address (`?tab=key`). */
  key: string;
  label: string;
  render: (record: RecordWithRelations<N>) => ReactNode;
  /** Shows the section's Add button (leave it out without the right to add). */
  onAdd?: (record: RecordWithRelations<N>) => void;
  /** The Add button's text (default "Add"). */
  addLabel?: string;
  /**
   * The relation of the record this section lists (`notes`), when it lists all of them with the
   * relation's query (`{ job_id, ...order }`); `{ name, paged: true }` for page 1 of a paged table
   * (`perPage` too when the table has its own).
   * The section's list then starts from the rows the record's GET embedded.
   */
  relation?: string | SectionRelation;
}

export interface DetailPageProps<N extends ResourceName> {
  resource: N;
  /** The record's id (`useRouteId`); null when the address holds no valid id. */
  id: number | null;
  /** The screen's title (h1 and document title); by default the record's name (its resource's `naming`, shared naming.ts). */
  title?: (record: RecordWithRelations<N>) => string;
  subtitle?: (record: RecordWithRelations<N>) => ReactNode;
  badge?: (record: RecordWithRelations<N>) => ReactNode;
  fields?: DetailField<N>[];
  actions?: (record: RecordWithRelations<N>) => ReactNode;
  /** Shown in the card under the fields (a notice such as "This product has been discontinued."). */
  notice?: (record: RecordWithRelations<N>) => ReactNode;
  sections?: DetailSection<N>[];
  /** Where the list of these records is ("‹ Inventory" above the title). */
  parent?: { label: string; to: string };
  /** The words for an id that names no record (default "This record does not exist or was deleted."). */
  notFoundText?: string;
  testId?: string;
}

/** The numeric route parameter `name` (e.g. `material_id` of `/inventory/:material_id`), or null. */
export function useRouteId(name: string): number | null {
  const raw = useParams()[name];
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function DetailPage<N extends ResourceName>(props: DetailPageProps<N>) {
  const { resource, id, sections = [] } = props;
  const query = useRecord(resource, id);
  const queryClient = useQueryClient();
  const showSkeleton = useDelayedFlag(query.isLoading);
  const offline = useQueryOffline(query);
  const record = query.data;

  if (id == null || (query.error instanceof HttpError && query.error.status === 404)) {
    return <DetailNotFound parent={props.parent} text={props.notFoundText} />;
  }
  if (!record && offline) {
    // Not a failure, and not "not found": it could not ask.
    return (
      <Stack gap="sm" data-testid="detail-offline">
        {props.parent && <ParentLink {...props.parent} />}
        <NoRows query={query} empty="" what="This record" />
      </Stack>
    );
  }
  if (query.error && !record) {
    return (
      <Alert color="red" title="Could not load this record" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  if (!record) {
    return showSkeleton ? (
      <Stack gap="md" aria-busy="true" aria-label="Loading">
        <Skeleton h={120} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    ) : null;
  }

  // Before the sections render: their lists then find the embedded rows on their first render (an
  // effect would run after their queries had started fetching). Idempotent: fills only older entries.
  const relations = sections.flatMap((s) => (s.relation === undefined ? [] : [typeof s.relation === 'string' ? { name: s.relation } : s.relation]));
  if (relations.length) primeRelations(queryClient, resource, record as Rec, query.dataUpdatedAt, relations);

  const fields = (props.fields ?? []).filter((f) => !f.hidden?.(record));
  return (
    <Stack gap="md" data-testid={props.testId}>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          {props.parent && <ParentLink {...props.parent} />}
          <Group justify="space-between" align="flex-start" gap="sm">
            {/* At least 14rem for the title: on a phone the actions go below it rather than squeeze it to a word a line. */}
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="sm" align="center">
                <ScreenTitle style={{ overflowWrap: 'anywhere' }}>{props.title ? props.title(record) : recordName(RESOURCES[resource], record)}</ScreenTitle>
                {props.badge?.(record)}
              </Group>
              {props.subtitle && (
                <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {props.subtitle(record)}
                </Text>
              )}
            </Stack>
            {props.actions && <Group gap="xs">{props.actions(record)}</Group>}
          </Group>
          {fields.length > 0 && (
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="xs" component="dl" m={0}>
              {fields.map((f) => (
                <div key={f.label} style={f.span ? { gridColumn: `span ${f.span}` } : undefined}>
                  <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {f.label}
                  </Text>
                  <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                    {f.value ? (f.value(record) ?? '—') : fieldText(resource, f.field ?? '', f.field ? (record as Rec)[f.field] : null, '—')}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          )}
          {props.notice?.(record)}
          <OfflineAsOf query={query} />
        </Stack>
      </Card>
      {sections.length > 0 && <DetailSections record={record} sections={sections} />}
    </Stack>
  );
}

/** "‹ Jobs" above a screen's title: the way back to its list, as it was last shown. */
export function ParentLink({ label, to }: { label: string; to: string }) {
  // Back to the list as it was last shown (its page, search and filters), as Back would.
  return (
    <Anchor component={Link} to={listAddress(to)} size="sm" w="fit-content">
      <Group gap={2} wrap="nowrap">
        <IconChevronLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

function DetailNotFound({ parent, text }: { parent?: { label: string; to: string }; text?: string }) {
  return (
    <Stack gap="sm" data-testid="detail-not-found">
      {parent && <ParentLink {...parent} />}
      <ScreenTitle>Not found</ScreenTitle>
      <Text c="dimmed">{text ?? 'This record does not exist or was deleted.'}</Text>
      <Button component={Link} to="/" w="fit-content">
        Go home
      </Button>
    </Stack>
  );
}

function SectionAdd<N extends ResourceName>({ section, record }: { section: DetailSection<N>; record: RecordWithRelations<N> }) {
  if (!section.onAdd) return null;
  return (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => section.onAdd?.(record)}>
      {section.addLabel ?? 'Add'}
    </Button>
  );
}

function DetailSections<N extends ResourceName>({ record, sections }: { record: RecordWithRelations<N>; sections: DetailSection<N>[] }) {
  // Phones stack every section (one scroll, no hidden content); wider screens show tabs.
  const phone = useMediaQuery('(max-width: 36em)');
  const [params, write] = useAddressParams();
  const active = sections.some((s) => s.key === params.get('tab')) ? params.get('tab')! : sections[0]!.key;

  if (phone) {
    return (
      <Stack gap="lg">
        {sections.map((s) => (
          <Stack key={s.key} gap="xs" component="section" aria-labelledby={`section-${s.key}`} data-testid={`section-${s.key}`}>
            <Group justify="space-between" gap="xs">
              <Title order={2} size="h4" id={`section-${s.key}`}>
                {s.label}
              </Title>
              <SectionAdd section={s} record={record} />
            </Group>
            <ListScope name={s.key}>{s.render(record)}</ListScope>
          </Stack>
        ))}
      </Stack>
    );
  }

  const select = (key: string | null) =>
    write(
      (p) => {
        const next = new URLSearchParams(p);
        if (!key || key === sections[0]!.key) next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs value={active} onChange={select} keepMounted={false}>
      <Tabs.List>
        {sections.map((s) => (
          <Tabs.Tab key={s.key} value={s.key}>
            {s.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {sections.map((s) => (
        <Tabs.Panel key={s.key} value={s.key} pt="sm" data-testid={`section-${s.key}`}>
          <Stack gap="xs">
            {s.onAdd && (
              <Group justify="flex-end">
                <SectionAdd section={s} record={record} />
              </Group>
            )}
            <ListScope name={s.key}>{s.render(record)}</ListScope>
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
