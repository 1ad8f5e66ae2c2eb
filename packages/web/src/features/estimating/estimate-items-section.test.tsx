import { screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { EstimateItemsSection } from './estimate-items-section.tsx';

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

describe('estimate items section', () => {
  // Drawn in one task, a 200-item estimate blocked a phone's main thread for 0.5–2.2 s (4× slower CPU).
  it('draws a screenful of rows with the page and the rest right after, each category in its place', async () => {
    mockFetch((url) => {
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
        case '/api/takeoffs':
          return json({ data: [] });
      }
      return undefined;
    });
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
  });
});
