import { screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import * as estimateDocument from '@glazier/shared/rules/estimating/estimate-document';
import { EstimateItemsSection } from './estimate-items-section.tsx';

// Which rows are drawn: each row names its item by itemTitle as it renders.
vi.mock('@glazier/shared/rules/estimating/estimate-document', async (importOriginal) => {
  const actual = await importOriginal<typeof estimateDocument>();
  return { ...actual, itemTitle: vi.fn(actual.itemTitle) };
});

const item = (id: number) => ({
  id,
  estimate_id: 101,
  product_category_id: id <= 100 ? 1 : 2,
  description: `Item ${id}`,
  qty: 1,
  amount: '10.00',
  cost: '5.00',
  takeoff_option_id: null,
  product_id: null,
  product_name: null,
  product_number: null,
  notes: null,
  sort: id,
});

/** The estimate's reads: 200 items in two categories; its category notes answer only when `answerNotes` is called. */
function server() {
  let answerNotes = () => {};
  const notes = new Promise<void>((resolve) => (answerNotes = resolve));
  mockFetch(async (url) => {
    switch (url.pathname) {
      case '/api/estimate_items':
        return json({ data: Array.from({ length: 200 }, (_, i) => item(i + 1)) });
      case '/api/product_categories':
        return json({
          data: [
            { id: 1, name: 'Doors', sort: 1 },
            { id: 2, name: 'Windows', sort: 2 },
          ],
        });
      case '/api/estimate_category_notes':
        await notes;
        return json({ data: [{ id: 4, estimate_id: 101, product_category_id: 1, note: 'Measure twice.' }] });
      case '/api/takeoffs':
        return json({ data: [] });
    }
    return undefined;
  });
  return { answerNotes: () => answerNotes() };
}

const estimate = {
  id: 101,
  status: 'open',
  alternate_categories: [],
  product_category_list: [],
  total: '2000.00',
} as unknown as RecordWithRelations<'estimates'>;

describe('estimate items section', () => {
  // Drawn in one task, a 200-item estimate blocked a phone's main thread for 0.5–2.2 s (4× slower CPU).
  it('draws a screenful of rows with the page and the rest right after, each category in its place', async () => {
    const { answerNotes } = server();
    const commits: { rows: number; windows: boolean }[] = [];
    const record = () =>
      commits.push({ rows: document.querySelectorAll('[data-testid="estimate-item-row"]').length, windows: screen.queryByText('Windows') != null });
    const estimate = {
      id: 101,
      status: 'open',
      alternate_categories: [],
      product_category_list: [],
      total: '2000.00',
    } as unknown as RecordWithRelations<'estimates'>;
    renderWithProviders(
      <MemoryRouter>
        <Profiler id="items" onRender={record}>
          <EstimateItemsSection estimate={estimate} />
        </Profiler>
      </MemoryRouter>,
      signedInQueryClient('admin'),
    );
    await waitFor(() => expect(screen.getAllByTestId('estimate-item-row')).toHaveLength(200));
    // the first drawing with rows: thirty of the first category's, the second category not yet
    expect(commits.find((c) => c.rows > 0)).toEqual({ rows: 30, windows: false });
    expect(screen.getAllByTestId('estimate-item-row')[100]!.textContent).toContain('Item 101');
    expect(screen.getByText('Windows')).toBeTruthy();
    answerNotes();
    expect(await screen.findByText('Measure twice.')).toBeTruthy();
  });

  // Each later read (the notes, the takeoff's quantities) drew all 200 rows again, 0.4–2.2 s each on a phone.
  it('draws no row again when a later read changes what is around the rows', async () => {
    const { answerNotes } = server();
    renderWithProviders(
      <MemoryRouter>
        <EstimateItemsSection estimate={estimate} />
      </MemoryRouter>,
      signedInQueryClient('admin'),
    );
    await waitFor(() => expect(screen.getAllByTestId('estimate-item-row')).toHaveLength(200));
    const drawn = vi.mocked(estimateDocument.itemTitle);
    drawn.mockClear();
    answerNotes();
    expect(await screen.findByText('Measure twice.')).toBeTruthy();
    expect(drawn).not.toHaveBeenCalled();
  });
});
