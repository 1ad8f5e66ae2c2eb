/**
 * A bom (`/boms/{id}`): its name, job (a link to `/jobs/{id}`) and state; its materials (Bom
 * Material dialog); Pull (`boms.pull`: stock falls by every line) and Return to stock
 * (`boms.return`: the reverse), each asked first. A pulled bom is read-only.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatQty } from '@glazier/shared/rules/money';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPackageExport, IconPencil } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { useConfirmedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { storeRecords, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openBomDialog } from './bom-dialog.tsx';
import { openBomMaterialDialog } from './bom-material-dialog.tsx';
import { BomStatusBadge } from './bom-status.tsx';

type Bom = RecordOf<'boms'>;
const LIST = { label: 'Boms', to: '/boms' };

const columns: Column<'bom_materials'>[] = [
  {
    key: 'material_number',
    label: 'Material',
    sortable: true,
    render: (l) => (
      <Stack gap={0}>
        <Text span size="sm" fw={500}>
          {l.material_number}
        </Text>
        {l.material_description && (
          <Text span size="xs" c="dimmed">
            {l.material_description}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'qty', label: 'Qty', render: (l) => formatQty(l.qty) },
];

/** Stock moved: materials (on hand) and their histories; the bom lists (its state). */
function refreshStock(queryClient: QueryClient) {
  for (const name of ['materials', 'material_transactions', 'boms'] as const) void queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
}

function BomActions({ bom, canEdit }: { bom: Bom; canEdit: boolean }) {
  const modals = useModals();
  const confirmedRun = useConfirmedRun();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const act = async (verb: 'pull' | 'return', question: string, title: string, done: string) => {
    const answer = await confirmedRun(
      question,
      { title, confirmLabel: title },
      () =>
        verb === 'pull'
          ? callAction(ACTION_ROUTES['boms.pull'], { params: { id: bom.id } })
          : callAction(ACTION_ROUTES['boms.return'], { params: { id: bom.id } }),
      done,
    );
    if (!answer) return;
    storeRecords(queryClient, 'boms', [answer.data]);
    refreshStock(queryClient);
  };
  const edit = async () => {
    let deleted = false;
    await openBomDialog(modals, { record: bom, onDeleted: () => (deleted = true) });
    if (deleted) void navigate(LIST.to, { replace: true });
  };
  if (!canEdit) return null;
  return bom.pulled_at ? (
    <Button
      variant="default"
      leftSection={<IconArrowBackUp size={16} />}
      onClick={() => void act('return', "Return this bom's materials to stock?", 'Return to Stock', 'Materials returned to stock.')}
    >
      Return to Stock
    </Button>
  ) : (
    <>
      <Button
        leftSection={<IconPackageExport size={16} />}
        disabled={!bom.line_count}
        onClick={() => void act('pull', "Pull this bom's materials from stock?", 'Pull', 'Materials pulled from stock.')}
      >
        Pull
      </Button>
      <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit()}>
        Edit
      </Button>
    </>
  );
}

export function BomPage() {
  const id = useRouteId('bom_id');
  const modals = useModals();
  const queryClient = useQueryClient();
  const canEditBoms = useCan('edit', 'boms');
  // A line added or removed changes the bom's line count.
  const lineDialog = async (options: Parameters<typeof openBomMaterialDialog>[1]) => {
    await openBomMaterialDialog(modals, options);
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all('boms') });
  };
  // The same query as the DetailPage's (one request): whether the lines can change.
  const bom = useRecord('boms', id).data;
  const linesEditable = canEditBoms && bom != null && !bom.pulled_at;
  useScreenAction('add', linesEditable && id != null ? () => void lineDialog({ initial: { bom_id: id } }) : null);

  return (
    <DetailPage
      resource="boms"
      id={id}
      parent={LIST}
      badge={(b) => <BomStatusBadge bom={b} />}
      fields={[
        {
          label: 'Job',
          span: 2,
          // a job in the trash answers no number or name: it is not shown as the bom's job
          value: (b) =>
            b.job_id && (b.job_number || b.job_name) ? (
              <Anchor component={Link} to={`/jobs/${b.job_id}`} data-testid="bom-job-link">
                {[b.job_number, b.job_name].filter(Boolean).join(' · ') || `Job ${b.job_id}`}
              </Anchor>
            ) : (
              '—'
            ),
        },
        { label: 'Pulled', value: (b) => formatDate(b.pulled_at) || '—' },
        { label: 'Lines', value: (b) => String(b.line_count ?? 0) },
      ]}
      actions={(b) => <BomActions bom={b} canEdit={canEditBoms} />}
      notice={(b) =>
        b.pulled_at ? (
          <Text size="sm" c="dimmed">
            This bom has been pulled from stock and is read-only. Return it to stock to change it.
          </Text>
        ) : null
      }
      sections={[
        {
          key: 'materials',
          label: 'Materials',
          addLabel: 'Add Material',
          onAdd: linesEditable ? (b) => void lineDialog({ initial: { bom_id: b.id } }) : undefined,
          render: (b) => (
            <ResourceTable
              resource="bom_materials"
              columns={columns}
              filters={{ bom_id: b.id }}
              perPage={100}
              defaultSort={{ column: 'material_number', direction: 'asc' }}
              onRowClick={(l) => void lineDialog({ record: l })}
              rowLabel={(l) => `${linesEditable ? 'Edit' : 'Open'} ${l.material_number ?? 'material'}`}
              searchPlaceholder="Search"
              emptyText={linesEditable ? 'No materials yet. Add the first one.' : 'No materials.'}
              testId="bom-materials-table"
            />
          ),
        },
      ]}
      notFoundText="This bom does not exist or was deleted."
      testId="bom-page"
    />
  );
}
