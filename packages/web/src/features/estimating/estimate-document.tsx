/**
 * The printed estimate (print, and client approval), built once: the print page
 * (`/jobs/{job_id}/estimate_print`) shows it as a page preview and prints it in a PrintSheet; the
 * client's approval page (`/approve/{token}`) shows it with a choice per category. It takes plain
 * data (shared/rules/estimating/estimate-document.ts) and fetches nothing.
 *
 * The company's name and details, the estimate's name and date, the client and the job's address;
 * per product category (its name a heading) its note, its items (description or product, qty,
 * unit price, amount) and, apart, its alternates in the category's own Alternate block (each
 * alternate's description, what it replaces, and its amount); the totals (base, the total with
 * every alternate chosen, and the total of the client's choice when alternates are chosen); the
 * terms. Without the items' amounts (a reader without `edit estimates_admin`) the money columns
 * are left out and the total is the estimate's own (computed by the server).
 */
import {
  alternateTitle,
  documentSections,
  documentTotals,
  itemTitle,
  showsAmounts,
  type DocumentSection,
  type EstimateDocument,
} from '@glazier/shared/rules/estimating/estimate-document';
import { formatDate } from '@glazier/shared/rules/dates';
import { unitAmount } from '@glazier/shared/rules/line-amount';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import type { ReactNode } from 'react';
import './estimate-document.css';

export interface EstimateDocumentViewProps {
  doc: EstimateDocument;
  /** The categories whose alternates are chosen (default: the estimate's saved choice). */
  chosen?: readonly number[];
  /** Shown beside a category's heading when it offers alternates (the approval page's choice). */
  categoryChoice?: (section: DocumentSection) => ReactNode;
  testId?: string;
}

function Section({ section, amounts, chosen, choice }: { section: DocumentSection; amounts: boolean; chosen: boolean; choice?: ReactNode }) {
  const headingId = `doc-category-${section.categoryId ?? 'none'}`;
  return (
    <section aria-labelledby={headingId} data-testid="doc-category">
      <div className="doc-section-head">
        <h3 id={headingId}>{section.name}</h3>
        {choice && <div className="doc-choice">{choice}</div>}
      </div>
      {section.note && <p className="doc-note">{section.note}</p>}
      <table>
        <thead>
          <tr>
            <th>Item</th>
            <th className="print-number">Qty</th>
            {amounts && <th className="print-number doc-unit">Unit price</th>}
            {amounts && <th className="print-number">Amount</th>}
          </tr>
        </thead>
        <tbody>
          {section.items.map((item, i) => (
            <tr key={i}>
              <td>{itemTitle(item)}</td>
              <td className="print-number">{formatQty(item.qty)}</td>
              {amounts && <td className="print-number doc-unit">{formatMoney(unitAmount(item.amount, item.qty))}</td>}
              {amounts && <td className="print-number">{formatMoney(item.amount)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {section.alternates.length > 0 && (
        <div className={`doc-alternates${chosen ? ' doc-chosen' : ''}`} data-testid="doc-alternates">
          <h4>Alternate{chosen ? ' (chosen)' : ''}</h4>
          <table>
            <thead>
              <tr>
                <th>Alternate</th>
                <th>In place of</th>
                {amounts && <th className="print-number">Amount</th>}
              </tr>
            </thead>
            <tbody>
              {section.alternates.map((item, i) => (
                <tr key={i}>
                  <td>{alternateTitle(item)}</td>
                  <td className="doc-dimmed">{itemTitle(item)}</td>
                  {amounts && <td className="print-number">{formatMoney(item.alternate_amount)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Totals({ doc, chosen, amounts }: { doc: EstimateDocument; chosen: readonly number[]; amounts: boolean }) {
  if (!amounts) {
    return (
      <table className="doc-totals" data-testid="doc-totals">
        <tbody>
          <tr className="doc-grand">
            <td>Total</td>
            <td className="print-number">{formatMoney(doc.estimate.total)}</td>
          </tr>
        </tbody>
      </table>
    );
  }
  const totals = documentTotals(doc, chosen);
  const anyAlternate = documentSections(doc).some((s) => s.alternates.length > 0);
  const choosing = chosen.length > 0;
  return (
    <table className="doc-totals" data-testid="doc-totals">
      <tbody>
        <tr className={choosing ? undefined : 'doc-grand'}>
          <td>{anyAlternate ? 'Base total' : 'Total'}</td>
          <td className="print-number">{formatMoney(totals.base)}</td>
        </tr>
        {anyAlternate && (
          <tr>
            <td>Total with all alternates</td>
            <td className="print-number">{formatMoney(totals.allAlternates)}</td>
          </tr>
        )}
        {choosing && (
          <tr className="doc-grand">
            <td>Total with the chosen alternates</td>
            <td className="print-number" data-testid="doc-chosen-total">
              {formatMoney(totals.chosen)}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

export function EstimateDocumentView({ doc, chosen = doc.estimate.alternate_categories, categoryChoice, testId }: EstimateDocumentViewProps) {
  const amounts = showsAmounts(doc);
  const sections = documentSections(doc);
  const { company, estimate } = doc;
  return (
    <article className="estimate-doc" data-testid={testId} aria-label={`Estimate ${estimate.name}`}>
      <header className="doc-head">
        <div>
          <h2 className="doc-company">{company.name}</h2>
          {company.details && <p className="doc-lines doc-dimmed">{company.details}</p>}
        </div>
        <div className="doc-title">
          <div className="doc-kind">Estimate</div>
          <p className="doc-name">{estimate.name}</p>
          {estimate.date && <p className="doc-dimmed">{formatDate(estimate.date)}</p>}
        </div>
      </header>
      <div className="doc-for">
        <div>
          <div className="doc-label">Prepared for</div>
          <p>{estimate.client_name}</p>
          {estimate.contact_name && <p>Attn. {estimate.contact_name}</p>}
        </div>
        {estimate.job_address && (
          <div>
            <div className="doc-label">Job address</div>
            <p className="doc-lines">{estimate.job_address}</p>
          </div>
        )}
      </div>
      {sections.length === 0 && <p className="doc-dimmed">This estimate has no items yet.</p>}
      {sections.map((s) => (
        <Section
          key={s.categoryId ?? 'none'}
          section={s}
          amounts={amounts}
          chosen={s.categoryId != null && chosen.includes(s.categoryId)}
          choice={s.alternates.length > 0 ? categoryChoice?.(s) : undefined}
        />
      ))}
      <Totals doc={doc} chosen={chosen} amounts={amounts} />
      {company.terms && (
        <div className="doc-terms">
          <h4>Terms</h4>
          <p className="doc-lines">{company.terms}</p>
        </div>
      )}
    </article>
  );
}
