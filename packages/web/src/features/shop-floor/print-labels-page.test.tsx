import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RecordOf } from '@glazier/shared/resources/records';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { PrintLabelsPage } from './print-labels-page.tsx';
import { NO_FLAGS } from '@glazier/shared/rules/catalogue/series-features';

const piece = (id: number, job_id: number): RecordOf<'job_products'> => ({
  id,
  job_id,
  series_id: 3,
  product_id: null,
  name: `Panel ${id}`,
  qty: 2,
  note: null,
  is_measured: true,
  is_ordered: true,
  is_fabricated: false,
  sort: 0,
  opening_width: null,
  opening_height: null,
  glass_width: 30,
  glass_height: 40,
  measure_date: null,
  cut_list_json: [],
  cut_list: null,
});

/** The server of the page: one dimensions series; its products' list says whether it was cut at the limit. */
function server(truncated: boolean) {
  return mockFetch(async (url) => {
    switch (url.pathname) {
      case '/api/series':
        return json({
          data: [{ id: 3, name: 'Frameless', category_id: 2, use_category_settings: false, ...NO_FLAGS, enable_dimensions: true, enable_measured: true }],
        });
      case '/api/product_categories':
        return json({ data: [{ id: 2, name: 'Shower Glass', ...NO_FLAGS }] });
      case '/api/job_products':
        return json({ data: [piece(10, 1), piece(11, 2)], ...(truncated ? { truncated: true } : {}) });
      case '/api/jobs':
        return json({
          data: [
            { id: 1, number: '26-0101', name: 'Smith shower', client_name: 'Smith Homes' },
            { id: 2, number: '26-0102', name: 'Lobby', client_name: 'Smith Homes' },
          ],
        });
    }
    return undefined;
  });
}

async function selectJobs() {
  const router = createMemoryRouter([{ path: '/lists/print_labels', Component: PrintLabelsPage }], { initialEntries: ['/lists/print_labels'] });
  renderWithProviders(<RouterProvider router={router} />, signedInQueryClient('supervisor'));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Print Frameless' }));
  await userEvent.click(screen.getByRole('button', { name: 'Select Jobs' }));
  return within(await screen.findByTestId('print-job-list'));
}

describe('printing labels across jobs', () => {
  it('lists the jobs of the chosen series, asking for the measured, unfabricated pieces, soonest jobs first', async () => {
    const calls = server(false);
    const list = await selectJobs();
    expect(list.getAllByTestId('print-job-row')).toHaveLength(2);
    const asked = Object.fromEntries(calls.find((c) => c.url.pathname === '/api/job_products')!.url.searchParams);
    expect(asked).toMatchObject({ series_id: '3', is_fabricated: 'false', is_measured: 'true', sort_column: 'job_start_date' });
    expect(screen.queryByTestId('print-truncated')).toBeNull();
  });

  it('says so when the server gave only the first of more products than a list holds', async () => {
    server(true);
    await selectJobs();
    expect(screen.getByTestId('print-truncated').textContent).toMatch(/More than 1,000 products of Frameless are waiting: only the first 1,000 are listed/);
  });
});
