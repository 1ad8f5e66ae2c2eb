// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The invoice's PDF as a component (invoice-pdf.ts reads it and has it rendered off the event loop),
 * in the estimate's kit (platform/documents/pdf-kit.tsx): the shop's header with the invoice's
 * number, dates and terms; bill-to and the job; the lines; the subtotal, the tax per rate, the
 * total, the deposits a final invoice subtracts, what is paid and the balance due; the memo. Each
 * page ends with the shop, the invoice and "Page n of m".
 */
import { Text, View } from '@react-pdf/renderer';
import type { InvoiceDocument } from '@glazier/shared/actions/billing';
import { INVOICE_STATUS_LABELS } from '@glazier/shared/rules/billing/invoice-status';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { PdfDocument, PdfTable, ShopHead, pdfStyles, type PdfColumn } from '../../platform/documents/pdf-kit.tsx';

export interface InvoicePdfProps {
  doc: InvoiceDocument;
  title: string;
}

type Line = InvoiceDocument['lines'][number];

const columns: PdfColumn<Line>[] = [
  { label: 'Description', flex: 1, cell: (l) => l.description },
  { label: 'Qty', width: 48, numeric: true, cell: (l) => formatQty(l.qty) },
  { label: 'Rate', width: 78, numeric: true, cell: (l) => formatMoney(l.rate) },
  { label: 'Amount', width: 84, numeric: true, cell: (l) => formatMoney(l.amount) },
];

function TotalRow({ label, value, grand }: { label: string; value: number; grand?: boolean }) {
  return (
    <View style={grand ? pdfStyles.grandRow : pdfStyles.totalRow}>
      <Text>{label}</Text>
      <Text style={{ marginLeft: 24 }}>{formatMoney(value)}</Text>
    </View>
  );
}

const blockLabel = { fontSize: 8.5, fontFamily: 'Helvetica-Bold', letterSpacing: 0.5, marginBottom: 2 } as const;

export function InvoicePdfDocument({ doc, title }: InvoicePdfProps) {
  const { company, invoice } = doc;
  const titleLines = [
    <Text key="no" style={pdfStyles.bold}>{`No. ${invoice.number}`}</Text>,
    ...(invoice.issue_date ? [`Date ${formatDate(invoice.issue_date)}`] : []),
    ...(invoice.due_date ? [`Due ${formatDate(invoice.due_date)}`] : []),
    `Terms: ${invoice.terms}`,
    ...(invoice.status === 'draft' || invoice.status === 'void'
      ? [
          <Text key="status" style={pdfStyles.dim}>
            {INVOICE_STATUS_LABELS[invoice.status]}
          </Text>,
        ]
      : []),
  ];
  const job = [invoice.job_number, invoice.job_name].filter(Boolean).join(' ');
  return (
    <PdfDocument title={title} shop={company} footer={title}>
      <ShopHead shop={company} kind={invoice.kind === 'deposit' ? 'Deposit invoice' : 'Invoice'} lines={titleLines} />
      <View style={{ flexDirection: 'row', marginBottom: 14 }}>
        <View style={{ marginRight: 40, maxWidth: '50%' }}>
          <Text style={pdfStyles.label}>BILL TO</Text>
          <Text>{invoice.bill_to || invoice.client_name || ''}</Text>
        </View>
        {job ? (
          <View style={{ maxWidth: '45%' }}>
            <Text style={pdfStyles.label}>JOB</Text>
            <Text>{job}</Text>
          </View>
        ) : null}
      </View>
      <PdfTable columns={columns} rows={doc.lines} />
      <View style={pdfStyles.totals} wrap={false}>
        <TotalRow label="Subtotal" value={doc.subtotal} />
        {doc.taxes.map((t) => (
          <TotalRow key={t.name} label={`${t.name} (${t.percent}%)`} value={t.amount} />
        ))}
        <TotalRow label="Total" value={doc.total} grand={doc.deposits_applied === 0 && doc.paid === 0} />
        {doc.deposits.map((d) => (
          <TotalRow key={d.number} label={`Deposit paid (invoice ${d.number})`} value={-d.amount} />
        ))}
        {doc.deposits_applied > 0 && doc.deposits.length === 0 ? <TotalRow label="Deposits paid" value={-doc.deposits_applied} /> : null}
        {doc.paid > 0 ? <TotalRow label="Paid" value={-doc.paid} /> : null}
        {doc.deposits_applied > 0 || doc.paid > 0 ? (
          <TotalRow label="Balance due" value={doc.balance} grand />
        ) : (
          <TotalRow label="Balance due" value={doc.balance} />
        )}
      </View>
      {invoice.memo ? (
        <View style={{ borderTopWidth: 0.75, borderTopColor: '#999999', paddingTop: 8, marginTop: 10 }}>
          <Text style={blockLabel} minPresenceAhead={24}>
            MEMO
          </Text>
          <Text>{invoice.memo}</Text>
        </View>
      ) : null}
      <View style={{ borderTopWidth: 0.75, borderTopColor: '#999999', paddingTop: 8, marginTop: 10 }} wrap={false}>
        <Text style={blockLabel}>TERMS</Text>
        <Text>{`${invoice.terms}${invoice.due_date ? `: please pay by ${formatDate(invoice.due_date)}` : ''}. Please quote invoice ${invoice.number} with your payment.`}</Text>
      </View>
    </PdfDocument>
  );
}
