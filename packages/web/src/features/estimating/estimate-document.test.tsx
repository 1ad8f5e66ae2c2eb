import type { EstimateDocument } from '@glazier/shared/rules/estimating/estimate-document';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { EstimateDocumentView } from './estimate-document.tsx';

const MIRRORS = 7;
const SHOWER = 3;

function doc(over: Partial<EstimateDocument> = {}, amounts = true): EstimateDocument {
  const money = (amount: number | null, alternate_amount: number | null = null) => (amounts ? { amount, alternate_amount } : {});
  return {
    company: { name: 'Clearview Glass', details: '12 Pane St\n555-0100', terms: 'Half down, half on completion.' },
    estimate: {
      name: 'Lobby',
      date: '2026-03-05',
      job_address: '1 Main St',
      client_name: 'Harbor Dental',
      contact_name: 'Dr. Reyes',
      total: 1100,
      alternate_categories: [],
    },
    // Shower Doors sort first, though the items name Mirrors first
    categories: [
      { id: MIRRORS, name: 'Mirrors', sort: 2 },
      { id: SHOWER, name: 'Shower Doors', sort: 1 },
    ],
    category_notes: [{ product_category_id: MIRRORS, note: 'Mirrors are 1/4" clear.' }],
    items: [
      {
        product_category_id: MIRRORS,
        description: null,
        product_name: 'Plate mirror',
        qty: 2,
        alternate_product_id: 9,
        alternate_product_name: 'Framed mirror',
        alternate_description: null,
        ...money(200, 320),
      },
      {
        product_category_id: SHOWER,
        description: 'Frameless door',
        product_name: 'Door',
        qty: 1,
        alternate_product_id: null,
        alternate_product_name: null,
        alternate_description: null,
        ...money(900),
      },
      {
        product_category_id: null,
        description: 'Haul away',
        product_name: null,
        qty: 1,
        alternate_product_id: null,
        alternate_product_name: null,
        alternate_description: null,
        ...money(0),
      },
    ],
    ...over,
  };
}

const sections = () => screen.getAllByTestId('doc-category');
const totals = () => within(screen.getByTestId('doc-totals'));

describe('the printed estimate', () => {
  it('heads the document with the company, the client, the job and the date', () => {
    renderWithProviders(<EstimateDocumentView doc={doc()} />);
    const head = screen.getByRole('article', { name: 'Estimate Lobby' });
    expect(within(head).getByRole('heading', { name: 'Clearview Glass' })).toBeTruthy();
    expect(head.textContent).toContain('12 Pane St');
    expect(head.textContent).toContain('Harbor Dental');
    expect(head.textContent).toContain('Attn. Dr. Reyes');
    expect(head.textContent).toContain('1 Main St');
    expect(head.textContent).toContain('3/5/2026');
    expect(within(head).getByText('Half down, half on completion.')).toBeTruthy();
  });

  it('groups items by category in the categories’ order, each with its note; items of no category last', () => {
    renderWithProviders(<EstimateDocumentView doc={doc()} />);
    expect(sections().map((s) => within(s).getByRole('heading', { level: 3 }).textContent)).toEqual(['Shower Doors', 'Mirrors', 'Other']);
    const [shower, mirrors] = sections();
    expect(within(mirrors!).getByText('Mirrors are 1/4" clear.')).toBeTruthy();
    expect(within(shower!).queryByText(/clear/)).toBeNull();
    // description, else the product's name; qty, unit price, amount
    const mirrorRow = within(mirrors!).getAllByRole('row')[1]!;
    expect([...mirrorRow.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Plate mirror', '2', '$100.00', '$200.00']);
    expect(within(shower!).getAllByRole('row')[1]!.textContent).toContain('Frameless door');
  });

  it('shows alternates apart, in their category’s own Alternate block', () => {
    renderWithProviders(<EstimateDocumentView doc={doc()} />);
    const [shower, mirrors] = sections();
    expect(within(shower!).queryByTestId('doc-alternates')).toBeNull();
    const block = within(within(mirrors!).getByTestId('doc-alternates'));
    expect(block.getByRole('heading', { name: 'Alternate' })).toBeTruthy();
    const row = block.getAllByRole('row')[1]!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Framed mirror', 'Plate mirror', '$320.00']);
    // the alternate is not in the category's items table
    expect(within(mirrors!.querySelector('table')!).queryByText('Framed mirror')).toBeNull();
  });

  it('totals the base and the alternates, and the client’s choice when alternates are chosen', () => {
    const { rerender } = renderWithProviders(<EstimateDocumentView doc={doc()} />);
    expect(totals().getByText('Base total').nextSibling!.textContent).toBe('$1,100.00');
    // what the client pays with every alternate: the door, and the framed mirror in place of the plate one
    expect(totals().getByText('Total with all alternates').nextSibling!.textContent).toBe('$1,220.00');
    expect(screen.queryByTestId('doc-chosen-total')).toBeNull();
    // the framed mirror (320) in place of the plate one (200)
    rerender(<EstimateDocumentView doc={doc()} chosen={[MIRRORS]} />);
    expect(screen.getByTestId('doc-chosen-total').textContent).toBe('$1,220.00');
    expect(within(sections()[1]!).getByRole('heading', { name: 'Alternate (chosen)' })).toBeTruthy();
    // the estimate's saved choice is the default
    rerender(<EstimateDocumentView doc={doc({ estimate: { ...doc().estimate, alternate_categories: [MIRRORS] } })} />);
    expect(screen.getByTestId('doc-chosen-total').textContent).toBe('$1,220.00');
  });

  it('without the amounts (no estimates admin): no money columns, only the estimate’s total', () => {
    renderWithProviders(<EstimateDocumentView doc={doc({}, false)} />);
    expect(screen.queryByRole('columnheader', { name: 'Amount' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Unit price' })).toBeNull();
    expect(screen.queryByText('$200.00')).toBeNull();
    expect(totals().getByText('Total').nextSibling!.textContent).toBe('$1,100.00');
    expect(screen.queryByText('Base total')).toBeNull();
    // the alternates are still shown apart, by name
    expect(within(sections()[1]!).getByTestId('doc-alternates').textContent).toContain('Framed mirror');
  });

  it('offers a choice beside each category with alternates', () => {
    renderWithProviders(<EstimateDocumentView doc={doc()} categoryChoice={(s) => <button type="button">Choose {s.name}</button>} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Choose Mirrors']);
  });
});
