/**
 * Estimates (`/estimates`, docs/domain/estimating.md, Estimates): searched by name, client, job number and address;
 * filtered by status, type and a date range; the status as a badge and the total of the client's
 * choice. Add opens the Estimate dialog (Save and Open goes to the estimate); a row opens
 * `/estimates/{id}`. The filters are kept in the address, so Back returns to the same list.
 */
import { ESTIMATE_TYPES } from '@glazier/shared/resources/estimating';
import { formatDate } from '@glazier/shared/rules/dates';
import { ESTIMATE_STATUS_LABELS, type EstimateStatus } from '@glazier/shared/rules/estimating/estimate-status';
import { formatMoney } from '@glazier/shared/rules/money';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useFilterBar } from '../../resource-kit/filters/filter-bar.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { addEstimate } from './estimate-dialog.tsx';
import { EstimateStatusBadge } from './estimate-status-badge.tsx';

const STATUS_OPTIONS = (Object.keys(ESTIMATE_STATUS_LABELS) as EstimateStatus[]).map((s) => ({ value: s, label: ESTIMATE_STATUS_LABELS[s] }));
const TYPE_OPTIONS = ESTIMATE_TYPES.map((t) => ({ value: t, label: t === 'commercial' ? 'Commercial' : 'Residential' }));

const columns: Column<'estimates'>[] = [
  {
    key: 'name',
    label: 'Estimate',
    sortable: true,
    render: (e) => (
      <Stack gap={2}>
        <Text fz="sm" fw={600}>
          {e.name}
          {e.revision ? <Text span fz="xs" c="dimmed">{` · rev. ${e.revision}`}</Text> : null}
        </Text>
        {/* on phones the client and date go beneath, as a card */}
        <Text fz="xs" c="dimmed" hiddenFrom="sm">
          {[e.client_name, formatDate(e.date)].filter(Boolean).join(' · ')}
        </Text>
        {e.job_address && (
          <Text fz="xs" c="dimmed" lineClamp={1} visibleFrom="md">
            {e.job_address}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'client_name', label: 'Client', sortable: true, visibleFrom: 'sm', render: (e) => e.client_name ?? '' },
  { key: 'job_number', label: 'Job number', sortable: true, visibleFrom: 'md', render: (e) => e.job_number ?? '' },
  { key: 'date', label: 'Date', sortable: true, visibleFrom: 'sm', render: (e) => formatDate(e.date) },
  { key: 'status', label: 'Status', sortable: true, beneathOnPhone: true, render: (e) => <EstimateStatusBadge estimate={e} /> },
  { key: 'total', label: 'Total', sortable: true, render: (e) => formatMoney(e.total) },
];

export function EstimatesPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'estimates');
  const bar = useFilterBar({ status: null, type: null, start: null, end: null }, [
    { kind: 'choice', name: 'status', label: 'Status', placeholder: 'All statuses', options: STATUS_OPTIONS, width: 150 },
    { kind: 'choice', name: 'type', label: 'Type', placeholder: 'All types', options: TYPE_OPTIONS, width: 150 },
    { kind: 'date', name: 'start', label: 'From', placeholder: 'From', testId: 'from-filter' },
    { kind: 'date', name: 'end', label: 'To', placeholder: 'To', testId: 'to-filter' },
  ]);
  const filters = bar.values;

  const add = async () => {
    const result = await addEstimate(modals);
    if (result?.open) void navigate(`/estimates/${result.record.id}`);
  };
  useScreenAction('add', canEdit ? () => void add() : null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Estimates</ScreenTitle>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void add()}>
            Add Estimate
          </Button>
        )}
      </Group>
      <ResourceTable
        resource="estimates"
        columns={columns}
        filters={{ status: filters.status ?? undefined, type: filters.type ?? undefined, start: filters.start ?? undefined, end: filters.end ?? undefined }}
        onRowClick={(e) => void navigate(`/estimates/${e.id}`)}
        rowLabel={(e) => `Open ${e.name}`}
        searchPlaceholder="Search name, client, job number or address"
        emptyText={canEdit ? 'No estimates here. Add the first one.' : 'No estimates here.'}
        defaultSort={{ column: 'date', direction: 'desc' }}
        toolbar={bar.toolbar}
        testId="estimates-table"
      />
    </Stack>
  );
}
