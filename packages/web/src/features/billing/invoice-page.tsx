/**
 * An invoice (`/invoices/{id}`; docs/domain/billing.md): the header (number, status, client, job,
 * dates, terms, memo), its lines (edited in the line dialog while it is a draft no export took),
 * the totals (subtotal, tax per rate, total, deposits applied, paid, balance), the payments applied
 * to it, its messages (and their status), its client links (client-links.tsx) and history; the actions its status allows (invoice-actions.tsx). Live
 * notices of its lines and payments refresh it as every record page.
 */
import { formatDate, toIsoDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { termsText } from '@glazier/shared/rules/billing/terms';
import { INVOICE_KIND_LABELS } from '@glazier/shared/resources/billing';
import type { RecordOf, RecordWithRelations } from '@glazier/shared/resources/records';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { HistoryPanel } from '../../resource-kit/detail/history-panel.tsx';
import { RecordMail } from '../../resource-kit/mail/mail-status.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { ClientLinks } from './client-links.tsx';
import { InvoiceActions } from './invoice-actions.tsx';
import { isEditable } from './invoice-rules.ts';
import { methodText } from './payment-text.ts';
import { InvoiceTotals } from './invoice-totals.tsx';
import { InvoiceStatusBadge, OverdueBadge, isOverdue } from './status-badges.tsx';

type Invoice = RecordWithRelations<'invoices'>;
type Line = RecordOf<'invoice_lines'>;

const LIST = { label: 'Invoices', to: '/invoices' };
const LINE_ORDER = { column: 'position', direction: 'asc' } as const;

const lineColumns: Column<'invoice_lines'>[] = [
  {
    key: 'description',
    label: 'Description',
    render: (l) => (
      <Stack gap={0}>
        <Text span size="sm" style={{ whiteSpace: 'pre-line' }}>
          {l.description}
        </Text>
        {!l.taxable && (
          <Text span size="xs" c="dimmed">
            Not taxable
          </Text>
        )}
      </Stack>
    ),
    text: (l) => l.description ?? '',
  },
  { key: 'qty', label: 'Qty', visibleFrom: 'xs', render: (l) => formatQty(l.qty) },
  { key: 'rate', label: 'Rate', visibleFrom: 'xs', render: (l) => formatMoney(l.rate) },
  { key: 'amount', label: 'Amount', render: (l) => formatMoney(l.amount) },
];

function Lines({ invoice, canEdit, onLine }: { invoice: Invoice; canEdit: boolean; onLine: (line: Line) => void }) {
  const lines = useList('invoice_lines', { invoice_id: invoice.id, sort_column: LINE_ORDER.column });
  return (
    <Stack gap="md">
      <ResourceTable
        resource="invoice_lines"
        columns={lineColumns}
        filters={{ invoice_id: invoice.id }}
        perPage={100}
        defaultSort={LINE_ORDER}
        onRowClick={onLine}
        rowLabel={(l) => `${canEdit ? 'Edit' : 'Open'} line ${l.description ?? ''}`}
        emptyText={canEdit ? 'No lines yet. Add the first one.' : 'No lines.'}
        testId="invoice-lines"
      />
      <InvoiceTotals invoice={invoice} lines={lines.data} />
    </Stack>
  );
}

/** The payments applied to it: each allocation with its payment's date, method and reference. */
function Payments({ invoice }: { invoice: Invoice }) {
  const payments = useList('payments', { client_id: invoice.client_id ?? undefined });
  const paymentOf = (id: number | null | undefined) => payments.data?.find((p) => p.id === id);
  const columns: Column<'payment_allocations'>[] = [
    {
      key: 'payment_id',
      label: 'Date',
      render: (a) => formatDate(paymentOf(a.payment_id)?.payment_date),
      text: (a) => paymentOf(a.payment_id)?.payment_date ?? '',
    },
    {
      key: 'method',
      label: 'Method',
      render: (a) => {
        const p = paymentOf(a.payment_id);
        if (!p) return '';
        return (
          <Group gap={4}>
            <span>{[methodText(p), p.reference].filter(Boolean).join(' · ')}</span>
            {p.voided && (
              <Badge color="red" variant="light" size="sm">
                Voided
              </Badge>
            )}
          </Group>
        );
      },
    },
    { key: 'amount', label: 'Applied', render: (a) => formatMoney(a.amount) },
  ];
  return (
    <ResourceTable
      resource="payment_allocations"
      columns={columns}
      filters={{ invoice_id: invoice.id }}
      perPage={100}
      emptyText="No payments yet."
      liveOn={['payments']}
      testId="invoice-payments"
    />
  );
}

export function InvoicePage() {
  const id = useRouteId('invoice_id');
  const modals = useModals();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'invoices');
  const today = toIsoDate(new Date());
  // A line saved or removed changes the invoice's totals (read live on the invoice).
  const lineDialog = async (invoice: Invoice, record: Line | null) => {
    const { openInvoiceLineDialog } = await import('./invoice-line-dialog.tsx');
    await openInvoiceLineDialog(modals, record ? { record, editable: isEditable(invoice) } : { initial: { invoice_id: invoice.id } });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all('invoices') });
  };
  // the page's own read (the one DetailPage makes): whether Add Line is offered
  const invoice = useRecord('invoices', id).data;
  const canAddLine = canEdit && invoice != null && isEditable(invoice);
  useScreenAction('add', canAddLine ? () => void lineDialog(invoice, null) : null);

  return (
    <DetailPage
      resource="invoices"
      id={id}
      parent={LIST}
      subtitle={(i) => i.client_name}
      badge={(i) => (
        <Group gap={4}>
          <InvoiceStatusBadge status={i.status} />
          {isOverdue(i, today) && <OverdueBadge />}
          {i.exported_batch_id != null && (
            <Badge color="grape" variant="light">
              Exported
            </Badge>
          )}
        </Group>
      )}
      fields={[
        {
          label: 'Job',
          value: (i) =>
            i.job_id != null ? (
              <Anchor component={Link} to={`/jobs/${i.job_id}`}>
                {i.job_number ?? `Job ${i.job_id}`}
              </Anchor>
            ) : (
              // a won estimate's deposit before its job is made
              <Anchor component={Link} to={`/estimates/${i.estimate_id}`}>
                Estimate (no job yet)
              </Anchor>
            ),
        },
        { label: 'Kind', value: (i) => INVOICE_KIND_LABELS[i.kind ?? 'final'] },
        { label: 'Issued', value: (i) => formatDate(i.issue_date) || '—' },
        { label: 'Terms', value: (i) => termsText(i.terms ?? 'net_30', i.terms_days) },
        { label: 'Due', value: (i) => formatDate(i.due_date) || '—' },
        { label: 'Sent', value: (i) => formatDate(i.sent_at) || '—' },
        { label: 'Total', value: (i) => formatMoney(i.total) },
        {
          label: 'Balance',
          value: (i) => (
            <Text fw={700} span data-testid="header-balance">
              {formatMoney(i.balance)}
            </Text>
          ),
        },
        {
          label: 'Bill to',
          span: 2,
          value: (i) => (
            <Text span style={{ whiteSpace: 'pre-line' }}>
              {i.bill_to || '—'}
            </Text>
          ),
        },
      ]}
      actions={(i) => <InvoiceActions invoice={i} canEdit={canEdit} />}
      notice={(i) => (
        <Stack gap={4}>
          {i.status === 'void' && (
            <Text c="red" data-testid="void-reason">
              Voided{i.void_reason ? `: ${i.void_reason}` : ''}
            </Text>
          )}
          {i.memo && <Text style={{ whiteSpace: 'pre-line' }}>{i.memo}</Text>}
        </Stack>
      )}
      sections={[
        {
          key: 'lines',
          label: 'Lines',
          addLabel: 'Add Line',
          relation: 'invoice_lines',
          onAdd: canAddLine ? (i) => void lineDialog(i, null) : undefined,
          render: (i) => <Lines invoice={i} canEdit={canEdit && isEditable(i)} onLine={(l) => void lineDialog(i, l)} />,
        },
        { key: 'payments', label: 'Payments', render: (i) => <Payments invoice={i} /> },
        {
          key: 'mail',
          label: 'Email',
          render: (i) => <RecordMail resource="invoices" id={i.id} title="Messages" empty="Not sent yet. Send emails the invoice with its PDF and a link." />,
        },
        { key: 'links', label: 'Client Links', render: (i) => <ClientLinks invoiceId={i.id} status={i.status} /> },
        { key: 'history', label: 'History', render: (i) => <HistoryPanel resource="invoices" id={i.id} /> },
      ]}
      notFoundText="This invoice does not exist or was deleted."
      testId="invoice-page"
    />
  );
}
