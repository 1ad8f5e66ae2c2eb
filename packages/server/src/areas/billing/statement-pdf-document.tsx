// @jsxRuntime automatic
// @jsxImportSource react
/**
 * A client's statement of account as a PDF (statement.ts reads it), in the documents' kit: the
 * shop's header, the client and the range, the balance brought forward, each invoice and payment
 * with the running balance, the closing balance, and the invoices still open with their balances.
 */
import { Text, View } from '@react-pdf/renderer';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { PdfDocument, PdfTable, ShopHead, pdfStyles, type PdfColumn, type ShopHeader } from '../../platform/documents/pdf-kit.tsx';

export interface StatementPdfProps {
  shop: ShopHeader;
  title: string;
  clientName: string;
  start: string;
  end: string;
  forward: number;
  lines: { date: string; text: string; charge: number | null; credit: number | null; balance: number }[];
  closing: number;
  open: { number: number; date: string; due: string | null; amount: number; balance: number }[];
  openTotal: number;
}

type Line = StatementPdfProps['lines'][number];
type Open = StatementPdfProps['open'][number];

const activity: PdfColumn<Line>[] = [
  { label: 'Date', width: 70, cell: (l) => formatDate(l.date) },
  { label: 'Activity', flex: 1, cell: (l) => l.text },
  { label: 'Charge', width: 78, numeric: true, cell: (l) => (l.charge == null ? '' : formatMoney(l.charge)) },
  { label: 'Payment', width: 78, numeric: true, cell: (l) => (l.credit == null ? '' : formatMoney(l.credit)) },
  { label: 'Balance', width: 84, numeric: true, cell: (l) => formatMoney(l.balance) },
];

const openColumns: PdfColumn<Open>[] = [
  { label: 'Invoice', flex: 1, cell: (o) => String(o.number) },
  { label: 'Date', width: 70, cell: (o) => formatDate(o.date) },
  { label: 'Due', width: 70, cell: (o) => (o.due ? formatDate(o.due) : '') },
  { label: 'Amount', width: 84, numeric: true, cell: (o) => formatMoney(o.amount) },
  { label: 'Open', width: 84, numeric: true, cell: (o) => formatMoney(o.balance) },
];

function Row({ label, value, grand }: { label: string; value: number; grand?: boolean }) {
  return (
    <View style={grand ? pdfStyles.grandRow : pdfStyles.totalRow}>
      <Text>{label}</Text>
      <Text style={{ marginLeft: 24 }}>{formatMoney(value)}</Text>
    </View>
  );
}

export function StatementPdfDocument({ shop, title, clientName, start, end, forward, lines, closing, open, openTotal }: StatementPdfProps) {
  return (
    <PdfDocument title={title} shop={shop} footer={`Statement ${clientName}`}>
      <ShopHead shop={shop} kind="Statement" lines={[`${formatDate(start)} to ${formatDate(end)}`]} />
      <View style={{ marginBottom: 14 }}>
        <Text style={pdfStyles.label}>ACCOUNT</Text>
        <Text>{clientName}</Text>
      </View>
      <View style={pdfStyles.totals}>
        <Row label="Balance brought forward" value={forward} />
      </View>
      {lines.length ? <PdfTable columns={activity} rows={lines} /> : <Text style={pdfStyles.dim}>No invoices or payments in this period.</Text>}
      <View style={pdfStyles.totals} wrap={false}>
        <Row label={`Balance on ${formatDate(end)}`} value={closing} grand />
      </View>
      <View style={{ marginTop: 16 }}>
        <Text style={{ fontSize: 11.5, fontFamily: 'Helvetica-Bold', marginBottom: 4 }}>Open invoices</Text>
        {open.length ? <PdfTable columns={openColumns} rows={open} /> : <Text style={pdfStyles.dim}>None: thank you.</Text>}
        <View style={pdfStyles.totals} wrap={false}>
          <Row label="Total open" value={openTotal} grand />
        </View>
      </View>
    </PdfDocument>
  );
}
