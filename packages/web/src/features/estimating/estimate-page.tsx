/**
 * An estimate (`/estimates/{id}`, docs/domain/estimating.md): the header (client, name, job address,
 * dates, status, type, scopes, totals; the job once converted), its actions by status — Finalize
 * (draft → open), Back to Draft (open → draft), the Estimate Status selection (`edit
 * estimates_admin`: Open, Won, Lost, and Draft from open), Convert to Job (won), Revise, Takeoff,
 * Print (once it has a job), Send to client (open: emailed with its PDF and an approval link), Download PDF (any status: the server's PDF, estimates.pdf), Edit (a draft's; read-only otherwise) — and the tabs Items (by
 * category, with notes, alternates and totals), Notes, Files, Images (the kit's attachments, with
 * Show on Job), Client Approval (links the client accepts the estimate by), Revisions and History. Every state move is the server's action
 * (estimate-actions.ts); the screen only asks and shows.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDate, formatDateTime } from '@glazier/shared/rules/dates';
import {
  BACK_TO_DRAFT_CONFIRM,
  contentEditable,
  ESTIMATE_STATUS_LABELS,
  FINALIZE_CONFIRM,
  hasJobMessage,
  statusChoices,
  statusMove,
  type EstimateStatus,
} from '@glazier/shared/rules/estimating/estimate-status';
import { formatMoney } from '@glazier/shared/rules/money';
import { Alert, Anchor, Button, Menu, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBriefcase,
  IconCheck,
  IconChevronDown,
  IconCopy,
  IconFileTypePdf,
  IconGridDots,
  IconPencil,
  IconPrinter,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { FilesSection } from '../../resource-kit/attachments/files-section.tsx';
import { ImagesSection } from '../../resource-kit/attachments/images-section.tsx';
import { addFiles, addImages, addNote } from '../../resource-kit/attachments/attachment-dialogs.ts';
import { NotesSection } from '../../resource-kit/attachments/notes-section.tsx';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { reportSuccess, useConfirmedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { HistoryPanel } from '../../resource-kit/detail/history-panel.tsx';
import { AreaSection } from '../../resource-kit/forms/area-sections.tsx';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { downloadHref } from '../../resource-kit/http/actions.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { ApprovalLinks } from './approval-link.tsx';
import { SendToClientButton } from './send-to-client.tsx';
import { RecordMail } from '../../resource-kit/mail/mail-status.tsx';
import { changeStatus, revise } from './estimate-actions.ts';
import { EstimateItemsSection } from './estimate-items-section.tsx';
import { EstimateRevisions } from './estimate-revisions.tsx';
import { EstimateStatusBadge } from './estimate-status-badge.tsx';

type Estimate = RecordWithRelations<'estimates'>;
/** The job a converted estimate's GET names (estimates.job_id's label). */

const LIST = { label: 'Estimates', to: '/estimates' };

export const REVISE_CONFIRM = 'Make a new revision of this estimate? This one is kept as it is.';

function StatusActions({ estimate }: { estimate: Estimate }) {
  const modals = useModals();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'estimates');
  const canAdmin = useCan('edit', 'estimates_admin');
  const status = estimate.status ?? 'draft';
  const latest = !estimate.superseded_at;

  const confirmedRun = useConfirmedRun();
  const move = async (to: EstimateStatus) => {
    const how = statusMove(status, to);
    if (!how) return;
    const question =
      how === 'finalize'
        ? FINALIZE_CONFIRM
        : how === 'back_to_draft'
          ? BACK_TO_DRAFT_CONFIRM
          : `Change the estimate's status to ${ESTIMATE_STATUS_LABELS[to].toLowerCase()}?`;
    const label = how === 'finalize' ? 'Finalize' : how === 'back_to_draft' ? 'Set to Draft' : ESTIMATE_STATUS_LABELS[to];
    await confirmedRun(
      question,
      { title: 'Estimate Status', confirmLabel: label },
      () => changeStatus(queryClient, estimate.id, to),
      `Estimate ${ESTIMATE_STATUS_LABELS[to].toLowerCase()}.`,
    );
  };
  const convert = async () => {
    // asks the job's number (prefilled by the numbering rule): a job is never made without one
    const { openConvertDialog } = await import('./convert-dialog.tsx');
    const job = await openConvertDialog(modals, estimate.id);
    if (!job) return;
    reportSuccess('Job made from the estimate.');
    void navigate(`/jobs/${job.id}`);
  };
  const makeRevision = async () => {
    const next = await confirmedRun(REVISE_CONFIRM, { title: 'Revise', confirmLabel: 'Revise' }, () => revise(queryClient, estimate.id), 'New revision made.');
    if (next) void navigate(`/estimates/${next.id}`);
  };
  const job = estimate.job;
  // made into a job, a won estimate stays won (the server refuses the move, naming the job)
  const heldBy = status === 'won' && job ? hasJobMessage(job.number || job.name || `Job ${job.id}`) : null;

  return (
    <>
      {canEdit && latest && status === 'draft' && (
        <Button leftSection={<IconCheck size={16} />} onClick={() => void move('open')}>
          Finalize
        </Button>
      )}
      {canEdit && !canAdmin && latest && status === 'open' && (
        <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => void move('draft')}>
          Back to Draft
        </Button>
      )}
      {canAdmin && latest && status !== 'draft' && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="estimate-status-menu">
              Estimate Status
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {heldBy && (
              <Menu.Label maw={280} style={{ whiteSpace: 'normal' }} data-testid="estimate-status-held">
                {heldBy}
              </Menu.Label>
            )}
            {statusChoices(status).map((s) => (
              <Menu.Item
                key={s}
                disabled={s === status || heldBy != null}
                leftSection={s === status ? <IconCheck size={14} /> : null}
                onClick={() => void move(s)}
              >
                {ESTIMATE_STATUS_LABELS[s]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {canEdit && latest && status === 'open' && <SendToClientButton estimate={estimate} />}
      {canEdit && status === 'won' && !job && (
        <Button leftSection={<IconBriefcase size={16} />} onClick={() => void convert()}>
          Convert to Job
        </Button>
      )}
      {job && (
        <Button variant="default" component={Link} to={`/jobs/${job.id}/estimate_print`} leftSection={<IconPrinter size={16} />}>
          Print
        </Button>
      )}
      {/* every status: the PDF the client is sent (made on the server, amounts as this reader may see them) */}
      <Button
        variant="default"
        component="a"
        href={downloadHref(ACTION_ROUTES['estimates.pdf'], { id: estimate.id })}
        download
        leftSection={<IconFileTypePdf size={16} />}
      >
        Download PDF
      </Button>
      {/* the takeoff screen needs edit estimates (its route's guard) */}
      {canEdit && (
        <Button variant="default" component={Link} to={`/estimates/${estimate.id}/takeoff`} leftSection={<IconGridDots size={16} />}>
          Takeoff
        </Button>
      )}
      {canEdit && latest && (
        <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void makeRevision()}>
          Revise
        </Button>
      )}
    </>
  );
}

/** The categories' names of the estimate's scopes. */
function useScopeNames(): (ids: readonly number[] | null | undefined) => string {
  const categories = useList('product_categories').data ?? [];
  return (ids) => (ids ?? []).map((id) => categories.find((c) => c.id === id)?.name ?? `Category ${id}`).join(', ');
}

function LatestRevisionLink({ estimate }: { estimate: Estimate }) {
  const revisions = useList('estimates', { revisions_of: estimate.id, sort_column: 'revision', sort_direction: 'desc' }).data ?? [];
  const latest = revisions.find((r) => !r.superseded_at);
  return (
    <Alert color="gray" variant="light" icon={<IconAlertTriangle size={18} />} role="status" data-testid="older-revision-notice">
      <Text fz="sm">
        This is revision {estimate.revision ?? 0}, kept as it was.{' '}
        {latest && (
          <Anchor component={Link} to={`/estimates/${latest.id}`}>
            Open the latest (revision {latest.revision ?? 0}).
          </Anchor>
        )}
      </Text>
    </Alert>
  );
}

const DEPOSITS_SECTION = {
  key: 'deposits',
  label: 'Deposits',
  render: (e: Estimate) => <AreaSection name="estimateDeposits" estimateId={e.id} jobId={e.job_id ?? null} />,
};

export function EstimatePage() {
  const id = useRouteId('estimate_id');
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'estimates');
  const canImages = useCan('edit', 'images');
  const canInvoices = useCan('view', 'invoices');
  const scopeNames = useScopeNames();
  const current = useRecord('estimates', id).data;
  const addItem = async (e: Estimate) => (await import('./estimating-dialogs.ts')).openEstimateItemDialog(modals, { initial: { estimate_id: e.id } });
  useScreenAction('add', canEdit && current && contentEditable(current) ? () => void addItem(current) : null);

  const edit = async (e: Estimate) => {
    let deleted = false;
    const { openEstimateDialog } = await import('./estimate-dialog.tsx');
    await openEstimateDialog(modals, { record: e, onDeleted: () => (deleted = true) });
    if (deleted) void navigate(LIST.to, { replace: true });
  };

  return (
    <DetailPage
      resource="estimates"
      id={id}
      parent={LIST}
      title={(e) => e.name}
      badge={(e) => <EstimateStatusBadge estimate={e} />}
      fields={[
        { label: 'Client', span: 2, value: (e) => e.client_name ?? '—' },
        { label: 'Job address', span: 2, value: (e) => (e.job_address ? <span style={{ whiteSpace: 'pre-line' }}>{e.job_address}</span> : '—') },
        { label: 'Date', value: (e) => formatDate(e.date) || '—' },
        { label: 'Job dates', value: (e) => [formatDate(e.job_start_date), formatDate(e.job_end_date)].filter(Boolean).join(' – ') || '—' },
        { label: 'Type', value: (e) => (e.type === 'residential' ? 'Residential' : 'Commercial') },
        { label: 'Scopes', span: 2, value: (e) => scopeNames(e.product_category_list) || '—' },
        { label: 'Job number', value: (e) => e.job_number || '—' },
        { label: 'Contact', span: 2, value: (e) => [e.contact_name, e.contact_email].filter(Boolean).join(' · ') || '—' },
        { label: 'Total', value: (e) => <span data-testid="estimate-total">{formatMoney(e.total)}</span> },
        { label: 'Revision', value: (e) => String(e.revision ?? 0), hidden: (e) => !e.revision },
        {
          // the client's decision, as first made (kept through a move to open and back)
          label: 'Decided',
          span: 2,
          value: (e) => (
            <span data-testid="estimate-decided">{[formatDateTime(e.decided_at), e.decided_by && `by ${e.decided_by}`].filter(Boolean).join(' ')}</span>
          ),
          hidden: (e) => !(e.status === 'won' || e.status === 'lost') || !e.decided_at,
        },
        {
          // the last Send to client: when and to whom (each send is in the history, its message under Client Approval)
          label: 'Sent',
          span: 2,
          value: (e) => <span data-testid="estimate-sent">{`${formatDateTime(e.sent_at)} to ${e.sent_to ?? ''}`}</span>,
          hidden: (e) => !e.sent_at,
        },
        {
          label: 'Job',
          value: (e) => {
            const job = e.job;
            return job ? (
              <Anchor component={Link} to={`/jobs/${job.id}`}>
                {job.number || job.name || `Job ${job.id}`}
              </Anchor>
            ) : null;
          },
          hidden: (e) => !e.job,
        },
      ]}
      actions={(e) => (
        <>
          <StatusActions estimate={e} />
          {canEdit && (
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit(e)}>
              {contentEditable(e) ? 'Edit' : 'Details'}
            </Button>
          )}
        </>
      )}
      notice={(e) =>
        e.superseded_at ? (
          <LatestRevisionLink estimate={e} />
        ) : e.details ? (
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
            {e.details}
          </Text>
        ) : null
      }
      sections={[
        {
          key: 'items',
          label: 'Items',
          relation: 'items',
          render: (e) => <EstimateItemsSection estimate={e} />,
          onAdd: canEdit && current && contentEditable(current) ? (e: Estimate) => void addItem(e) : undefined,
          addLabel: 'Add Item',
        },
        {
          key: 'notes',
          label: 'Notes',
          relation: 'notes',
          render: (e) => <NotesSection parent={{ estimate_id: e.id }} />,
          onAdd: canEdit ? (e) => void addNote(modals, { estimate_id: e.id }) : undefined,
          addLabel: 'Add Note',
        },
        {
          key: 'files',
          label: 'Files',
          relation: 'files',
          render: (e) => <FilesSection parent={{ estimate_id: e.id }} />,
          onAdd: canEdit ? (e) => void addFiles(modals, { estimate_id: e.id }) : undefined,
          addLabel: 'Add File',
        },
        {
          key: 'images',
          label: 'Images',
          relation: 'images',
          render: (e) => <ImagesSection parent={{ estimate_id: e.id }} />,
          onAdd: canImages && canEdit ? (e) => void addImages(modals, { estimate_id: e.id }) : undefined,
          addLabel: 'Add Images',
        },
        {
          key: 'approval',
          label: 'Client Approval',
          render: (e) => (
            <Stack gap="md">
              <ApprovalLinks estimateId={e.id} status={e.status} />
              <RecordMail resource="estimates" id={e.id} />
            </Stack>
          ),
        },
        // billing's section, by name: a won estimate takes a deposit before its job is made
        ...(canInvoices && current?.status === 'won' ? [DEPOSITS_SECTION] : []),
        { key: 'revisions', label: 'Revisions', render: (e) => <EstimateRevisions estimate={e} /> },
        { key: 'history', label: 'History', render: (e) => <HistoryPanel resource="estimates" id={e.id} /> },
      ]}
      notFoundText="This estimate does not exist or was deleted."
      testId="estimate-page"
    />
  );
}
