// @jsxRuntime automatic
// @jsxImportSource react
/**
 * The estimate's PDF as a component (estimate-pdf.ts reads it and has it rendered off the event
 * loop): the print page's content (web features/estimating/estimate-document.tsx) for any status.
 * The shop's name and details, the estimate's name, date, number and until when it is valid, the
 * client and the job's address; per product category its note, its items and its alternates apart;
 * the totals; the terms; the acceptance (lines to sign and date, or the client's online acceptance).
 * The items' notes are the estimator's, never printed (the item dialog says so). Each page
 * ends with the shop, the estimate and "Page n of m", and an item table that runs onto the next
 * page repeats its header there. Without the amounts (a reader without `edit estimates_admin`) the
 * money columns are left out and the total is the estimate's own, as on the print page.
 */
import { Text, View } from '@react-pdf/renderer';
import {
  alternateTitle,
  documentSections,
  documentTotals,
  itemTitle,
  showsAmounts,
  type DocumentItem,
  type DocumentSection,
  type EstimateDocument,
} from '@glazier/shared/rules/estimating/estimate-document';
import { ESTIMATE_STATUS_LABELS } from '@glazier/shared/rules/estimating/estimate-status';
import { formatDate } from '@glazier/shared/rules/dates';
import { unitAmount } from '@glazier/shared/rules/line-amount';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { PdfDocument, PdfTable, ShopHead, pdfStyles, type PdfColumn } from '../../platform/documents/pdf-kit.tsx';

export interface EstimatePdfProps {
  doc: EstimateDocument;
  title: string;
  draft: boolean;
  revision: number;
  /** The estimate's number: its first revision's id, kept by every revision. */
  number: string;
  /** An open estimate's: until when the client may accept it (ISO); null otherwise. */
  validUntil: string | null;
  /** A won estimate's acceptance by its approval link (ISO time); null: lines to sign instead. */
  accepted: { by: string; at: string } | null;
}

/** The small capitals over a block of the page (ALTERNATE, TERMS, ACCEPTANCE). */
const blockLabel = { fontSize: 8.5, fontFamily: 'Helvetica-Bold', letterSpacing: 0.5, marginBottom: 2 } as const;

const itemColumns = (amounts: boolean): PdfColumn<DocumentItem>[] => [
  { label: 'Item', flex: 1, cell: (i) => itemTitle(i) },
  { label: 'Qty', width: 48, numeric: true, cell: (i) => formatQty(i.qty) },
  ...(amounts
    ? [
        { label: 'Unit price', width: 78, numeric: true, cell: (i: DocumentItem) => formatMoney(unitAmount(i.amount, i.qty)) },
        { label: 'Amount', width: 84, numeric: true, cell: (i: DocumentItem) => formatMoney(i.amount) },
      ]
    : []),
];

const alternateColumns = (amounts: boolean): PdfColumn<DocumentItem>[] => [
  { label: 'Alternate', flex: 1, cell: (i) => alternateTitle(i) },
  { label: 'In place of', flex: 1, cell: (i) => <Text style={pdfStyles.dim}>{itemTitle(i)}</Text> },
  ...(amounts ? [{ label: 'Amount', width: 84, numeric: true, cell: (i: DocumentItem) => formatMoney(i.alternate_amount) }] : []),
];

function Section({ section, amounts, chosen }: { section: DocumentSection; amounts: boolean; chosen: boolean }) {
  return (
    <View style={{ marginBottom: 14 }}>
      {/* the heading and its note stay with the table's first rows */}
      <View minPresenceAhead={40} wrap={false}>
        <Text style={{ fontSize: 11.5, fontFamily: 'Helvetica-Bold', marginBottom: 2 }}>{section.name}</Text>
        {section.note ? <Text style={{ fontFamily: 'Helvetica-Oblique', marginBottom: 4 }}>{section.note}</Text> : null}
      </View>
      <PdfTable columns={itemColumns(amounts)} rows={section.items} />
      {section.alternates.length > 0 && (
        <View style={{ marginTop: 6, marginLeft: 18, paddingLeft: 8, borderLeftWidth: 2.5, borderLeftColor: chosen ? '#1c7ed6' : '#999999' }}>
          <Text style={blockLabel} minPresenceAhead={30}>
            {chosen ? 'ALTERNATE (CHOSEN)' : 'ALTERNATE'}
          </Text>
          <PdfTable columns={alternateColumns(amounts)} rows={section.alternates} />
        </View>
      )}
    </View>
  );
}

function TotalRow({ label, value, grand }: { label: string; value: number | null | undefined; grand?: boolean }) {
  return (
    <View style={grand ? pdfStyles.grandRow : pdfStyles.totalRow}>
      <Text>{label}</Text>
      <Text style={{ marginLeft: 24 }}>{formatMoney(value)}</Text>
    </View>
  );
}

function Totals({ doc, amounts }: { doc: EstimateDocument; amounts: boolean }) {
  if (!amounts) {
    return (
      <View style={pdfStyles.totals} wrap={false}>
        <TotalRow label="Total" value={doc.estimate.total} grand />
      </View>
    );
  }
  const chosen = doc.estimate.alternate_categories;
  const totals = documentTotals(doc, chosen);
  const anyAlternate = documentSections(doc).some((s) => s.alternates.length > 0);
  const choosing = chosen.length > 0;
  return (
    <View style={pdfStyles.totals} wrap={false}>
      <TotalRow label={anyAlternate ? 'Base total' : 'Total'} value={totals.base} grand={!choosing} />
      {anyAlternate && <TotalRow label="Total with all alternates" value={totals.allAlternates} />}
      {choosing && <TotalRow label="Total with the chosen alternates" value={totals.chosen} grand />}
    </View>
  );
}

/** A line to write on, its label beneath. */
function WriteOnLine({ label, flex = 1 }: { label: string; flex?: number }) {
  return (
    <View style={{ flex, marginRight: 18 }}>
      <View style={{ height: 24, borderBottomWidth: 0.75, borderBottomColor: '#111111' }} />
      <Text style={[pdfStyles.label, { marginTop: 2 }]}>{label}</Text>
    </View>
  );
}

/** How the client accepts on paper (the online acceptance, once made, in its place). */
function Acceptance({ accepted, alternatesOffered }: { accepted: EstimatePdfProps['accepted']; alternatesOffered: boolean }) {
  return (
    <View style={{ borderTopWidth: 0.75, borderTopColor: '#999999', paddingTop: 8, marginTop: 14 }} wrap={false}>
      <Text style={blockLabel}>ACCEPTANCE</Text>
      {accepted ? (
        <Text>{`Accepted online by ${accepted.by} on ${formatDate(accepted.at)}.`}</Text>
      ) : (
        <>
          <Text>
            {alternatesOffered
              ? 'The prices, specifications and terms above are accepted, with the alternates of the categories named below.'
              : 'The prices, specifications and terms above are accepted.'}
          </Text>
          {alternatesOffered && (
            <View style={{ flexDirection: 'row' }}>
              <WriteOnLine label="Alternates chosen (categories), or none" />
            </View>
          )}
          <View style={{ flexDirection: 'row' }}>
            <WriteOnLine label="Signature" flex={2} />
            <WriteOnLine label="Date" />
          </View>
          <View style={{ flexDirection: 'row' }}>
            <WriteOnLine label="Name (printed)" flex={2} />
            <WriteOnLine label="Title" />
          </View>
        </>
      )}
    </View>
  );
}

export function EstimatePdfDocument({ doc, title, draft, revision, number, validUntil, accepted }: EstimatePdfProps) {
  const amounts = showsAmounts(doc);
  const sections = documentSections(doc);
  const { company, estimate } = doc;
  const chosen = estimate.alternate_categories;
  const titleLines = [
    <Text key="name" style={pdfStyles.bold}>
      {estimate.name}
    </Text>,
    `No. ${number}${revision ? `, revision ${revision}` : ''}`,
    ...(estimate.date ? [formatDate(estimate.date)] : []),
    ...(validUntil ? [`Valid until ${formatDate(validUntil)}`] : []),
    ...(draft ? [<Text key="draft" style={pdfStyles.dim}>{`${ESTIMATE_STATUS_LABELS.draft}: not final`}</Text>] : []),
  ];
  return (
    <PdfDocument title={title} shop={company} footer={title}>
      <ShopHead shop={company} kind="Estimate" lines={titleLines} />
      <View style={{ flexDirection: 'row', marginBottom: 14 }}>
        <View style={{ marginRight: 40, maxWidth: '50%' }}>
          <Text style={pdfStyles.label}>PREPARED FOR</Text>
          <Text>{estimate.client_name ?? ''}</Text>
          {estimate.contact_name ? <Text>Attn. {estimate.contact_name}</Text> : null}
        </View>
        {estimate.job_address ? (
          <View style={{ maxWidth: '45%' }}>
            <Text style={pdfStyles.label}>JOB ADDRESS</Text>
            <Text>{estimate.job_address}</Text>
          </View>
        ) : null}
      </View>
      {sections.length === 0 && <Text style={pdfStyles.dim}>This estimate has no items yet.</Text>}
      {sections.map((s) => (
        <Section key={s.categoryId ?? 'none'} section={s} amounts={amounts} chosen={s.categoryId != null && chosen.includes(s.categoryId)} />
      ))}
      <Totals doc={doc} amounts={amounts} />
      {company.terms ? (
        <View style={{ borderTopWidth: 0.75, borderTopColor: '#999999', paddingTop: 8 }}>
          <Text style={blockLabel} minPresenceAhead={24}>
            TERMS
          </Text>
          <Text>{company.terms}</Text>
        </View>
      ) : null}
      <Acceptance accepted={accepted} alternatesOffered={sections.some((s) => s.alternates.length > 0)} />
    </PdfDocument>
  );
}
