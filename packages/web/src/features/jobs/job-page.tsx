/**
 * A job (`/jobs/{job_id}`): the header card (number, or name without one; client with its
 * colour; address with a map link; dates; foreman; scope with completion; status; the estimate and
 * bom linked when there are), Edit / Duplicate / Delete / Job Complete, and the tabs Products,
 * Notes, Files, Images (the kit's attachments), Pickup Items, Time, Schedule (the job's events, opened and added through the schedule's Event dialog) and History. The action bar's add adds a
 * product; its time action opens the job's Time Entry List.
 */
import { PICKUP_STATUS_LABELS } from '@glazier/shared/resources/jobs';
import { formatDate } from '@glazier/shared/rules/dates';
import { Alert, Badge, Button, ColorSwatch, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconChecklist, IconCopy, IconPencil, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AreaSection } from '../../resource-kit/forms/area-sections.tsx';
import { DetailPage, useRouteId, type DetailSection } from '../../resource-kit/detail/detail-page.tsx';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useDelete } from '../../resource-kit/writes/saves.ts';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { hasRecordDialog, openRecordDialog } from '../../resource-kit/forms/record-dialogs.ts';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { addFiles, addImages, addNote } from '../../resource-kit/attachments/attachment-dialogs.ts';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { JobProductsSection } from './job-products-section.tsx';
import { FilesSection } from '../../resource-kit/attachments/files-section.tsx';
import { ImagesSection } from '../../resource-kit/attachments/images-section.tsx';
import { NotesSection } from '../../resource-kit/attachments/notes-section.tsx';
import { HistoryPanel } from '../../resource-kit/detail/history-panel.tsx';
import { JobTimeEntries, addTimeEntry, openTimeEntryListDialog } from './job-time.tsx';
import { jobFields } from './job-page-fields.tsx';
import { jobHeading } from './job-heading.ts';
import { useJobDeletedNotice, useRestoreJob } from './job-trash.tsx';

type Job = RecordOf<'jobs'>;

/** The product dialog, fetched when opened, not with the page (docs/platform.md, Budgets). */
const addProduct = async (modals: ModalStackApi, jobId: number) =>
  (await import('./job-product-dialog.tsx')).openJobProductDialog(modals, { initial: { job_id: jobId } });

function PickupItems({ job, canAdd }: { job: Job; canAdd: boolean }) {
  const modals = useModals();
  const canOpen = hasRecordDialog('pickup_items');
  const columns: Column<'pickup_items'>[] = [
    { key: 'category_name', label: 'Category', render: (p) => p.category_name ?? '' },
    { key: 'reason', label: 'Reason', visibleFrom: 'sm', render: (p) => p.reason ?? '' },
    { key: 'status', label: 'Status', render: (p) => (p.status ? PICKUP_STATUS_LABELS[p.status] : '') },
    { key: 'complete', label: 'Complete', render: (p) => (p.complete ? 'Yes' : 'No') },
    { key: 'note', label: 'Note', visibleFrom: 'md', render: (p) => <span style={{ whiteSpace: 'pre-line' }}>{p.note ?? ''}</span> },
  ];
  return (
    <ResourceTable
      resource="pickup_items"
      columns={columns}
      filters={{ job_id: job.id }}
      onRowClick={canOpen ? (p) => void openRecordDialog(modals, 'pickup_items', { record: p }) : undefined}
      rowLabel={(p) => `Open ${p.category_name ?? 'pickup item'}`}
      emptyText={canAdd && hasRecordDialog('pickup_items') ? 'No pickup items for this job. Add one.' : 'No pickup items for this job.'}
      testId="job-pickup-items"
    />
  );
}

function Schedule({ job, canAdd }: { job: Job; canAdd: boolean }) {
  const modals = useModals();
  const users = useList('users', { active: 'all' });
  const userName = (id: number | null) => users.data?.find((u) => u.id === id)?.name ?? '';
  const columns: Column<'events'>[] = [
    { key: 'date', label: 'Date', sortable: true, render: (e) => formatDate(e.date) },
    { key: 'user_id', label: 'Supervisor', render: (e) => userName(e.user_id) },
    {
      key: 'color',
      label: 'Colour',
      render: (e) => (
        <Group gap={4}>
          {(e.color ?? '')
            .split(',')
            .filter(Boolean)
            .map((c) => (
              <ColorSwatch key={c} color={c} size={14} withShadow={false} aria-hidden />
            ))}
        </Group>
      ),
    },
  ];
  return (
    <ResourceTable
      resource="events"
      columns={columns}
      filters={{ job_id: job.id }}
      defaultSort={{ column: 'date', direction: 'asc' }}
      onRowClick={hasRecordDialog('events') ? (e) => void openRecordDialog(modals, 'events', { record: e }) : undefined}
      rowLabel={(e) => `Open the event of ${formatDate(e.date)}`}
      emptyText={canAdd && hasRecordDialog('events') ? 'This job is not on the schedule. Add an event.' : 'This job is not on the schedule.'}
      testId="job-events"
    />
  );
}

/** Billing's section (invoices; billed, paid, balance), by name: features do not import each other. */
const BILLING_SECTION = { key: 'billing', label: 'Billing', render: (j: { id: number }) => <AreaSection name="jobBilling" jobId={j.id} /> };

/** Nothing is added to a job in the trash: its sections lose their Add buttons. */
const withoutAddWhen = (deleted: boolean, sections: DetailSection<'jobs'>[]) => (deleted ? sections.map((s) => ({ ...s, onAdd: undefined })) : sections);

export function JobPage() {
  const id = useRouteId('job_id');
  const modals = useModals();
  const dialogs = useDialogs();
  const loader = useLoader();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'jobs');
  const canPickup = useCan('edit', 'pickup_items');
  const canTime = useCan('view', 'time_entries');
  const canImages = useCan('edit', 'images');
  const job = useRecord('jobs', id).data;
  const users = useList('users', { active: 'all' });
  const clients = useList('clients', { active: 'all' });
  const userName = (uid: number | null) => users.data?.find((u) => u.id === uid)?.name ?? '';
  const colorOf = (cid: number | null) => clients.data?.find((c) => c.id === cid)?.color ?? null;
  const remove = useDelete('jobs');
  const restore = useRestoreJob();
  // A job in the trash (only jobs_admin editors get it from the server) is shown read-only, with Restore.
  const deleted = job?.deleted_at != null;

  useScreenAction('add', canEdit && job && !deleted ? () => void addProduct(modals, job.id) : null);
  useScreenAction('clock', job && canTime && !deleted ? () => void openTimeEntryListDialog(modals, { id: job.id, heading: jobHeading(job) }) : null);

  const gone = (j: Job) => !queryClient.getQueryData(resourceKeys.record('jobs', j.id));
  const edit = async (j: Job) => {
    const { openJobDialog } = await import('./job-dialog.tsx');
    const saved = await openJobDialog(modals, { record: j });
    // Deleted in the dialog: there is nothing left to show here.
    if (!saved && gone(j)) void navigate('/jobs');
  };
  const duplicate = async (j: Job) => {
    // The copy exists only once the dialog is saved: Cancel leaves nothing behind.
    const { openDuplicateJobDialog } = await import('./job-dialog.tsx');
    const copy = await openDuplicateJobDialog(modals, j);
    if (copy) await navigate(`/jobs/${copy.id}`);
  };
  const deletedNotice = useJobDeletedNotice();
  const del = async (j: Job) => {
    if (!(await dialogs.confirm('Delete this job?', { danger: true, title: 'Delete Job', confirmLabel: 'Delete' }))) return;
    try {
      await loader.run(remove.mutateAsync(j.id));
      reportSuccess(deletedNotice, { long: true });
      void navigate('/jobs');
    } catch (e) {
      reportError(e);
    }
  };

  return (
    <DetailPage
      resource="jobs"
      id={id}
      parent={{ label: 'Jobs', to: '/jobs' }}
      subtitle={(j) => (j.number && j.name ? j.name : null)}
      badge={(j) => (
        <Group gap={6}>
          {!j.active && <ActiveBadge active={false} />}
          {j.is_complete && (
            <Badge color="teal" variant="filled" data-testid="job-complete-badge">
              Complete
            </Badge>
          )}
        </Group>
      )}
      fields={jobFields(userName, colorOf)}
      notice={(j) =>
        j.deleted_at ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status" data-testid="deleted-job-notice">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">This job was deleted on {formatDate(j.deleted_at)}.</Text>
              <Button size="xs" variant="light" leftSection={<IconRestore size={14} />} onClick={() => void restore(j)}>
                Restore
              </Button>
            </Group>
          </Alert>
        ) : null
      }
      actions={(j) =>
        canEdit && !j.deleted_at ? (
          <>
            <Button
              leftSection={<IconChecklist size={16} />}
              onClick={() => void import('./job-complete-dialog.tsx').then((m) => m.openJobCompleteDialog(modals, j))}
            >
              Job Complete
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit(j)}>
              Edit
            </Button>
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void duplicate(j)}>
              Duplicate
            </Button>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => void del(j)}>
              Delete
            </Button>
          </>
        ) : null
      }
      sections={withoutAddWhen(deleted, [
        { key: 'products', label: 'Products', relation: 'products', render: (j) => <JobProductsSection jobId={j.id} readOnly={j.deleted_at != null} /> },
        {
          key: 'notes',
          label: 'Notes',
          relation: 'notes',
          render: (j) => <NotesSection parent={{ job_id: j.id }} />,
          onAdd: canEdit ? (j) => void addNote(modals, { job_id: j.id }) : undefined,
          addLabel: 'Add Note',
        },
        {
          key: 'files',
          label: 'Files',
          relation: 'files',
          render: (j) => <FilesSection parent={{ job_id: j.id }} />,
          onAdd: canEdit ? (j) => void addFiles(modals, { job_id: j.id }) : undefined,
          addLabel: 'Add File',
        },
        {
          key: 'images',
          label: 'Images',
          relation: 'images',
          render: (j) => <ImagesSection parent={{ job_id: j.id }} />,
          onAdd: canImages ? (j) => void addImages(modals, { job_id: j.id }) : undefined,
          addLabel: 'Add Images',
        },
        {
          key: 'pickup',
          label: 'Pickup Items',
          relation: { name: 'pickup_items', paged: true },
          render: (j) => <PickupItems job={j} canAdd={canPickup} />,
          onAdd: canPickup && hasRecordDialog('pickup_items') ? (j) => void openRecordDialog(modals, 'pickup_items', { initial: { job_id: j.id } }) : undefined,
          addLabel: 'Add Pickup Item',
        },
        {
          key: 'time',
          label: 'Time',
          render: (j) => (canTime ? <JobTimeEntries jobId={j.id} /> : <Text c="dimmed">You cannot see time entries.</Text>),
          onAdd: canTime && hasRecordDialog('time_entries') ? (j) => void addTimeEntry(modals, j.id) : undefined,
          addLabel: 'Add Time',
        },
        {
          key: 'schedule',
          label: 'Schedule',
          relation: { name: 'events', paged: true },
          render: (j) => <Schedule job={j} canAdd={canEdit} />,
          // the schedule area's Event dialog, by resource name (features do not import each other)
          onAdd: canEdit && hasRecordDialog('events') ? (j) => void openRecordDialog(modals, 'events', { initial: { job_id: j.id } }) : undefined,
          addLabel: 'Add Event',
        },
        ...(useCan('view', 'invoices') ? [BILLING_SECTION] : []),
        { key: 'history', label: 'History', render: (j) => <HistoryPanel resource="jobs" id={j.id} /> },
      ])}
      notFoundText="This job does not exist or was deleted."
      testId="job-page"
    />
  );
}
