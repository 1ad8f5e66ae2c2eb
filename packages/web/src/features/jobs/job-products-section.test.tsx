import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NO_FLAGS } from '@glazier/shared/rules/catalogue/series-features';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { JobProductsSection } from './job-products-section.tsx';

function render(ui: React.ReactElement) {
  const client = signedInQueryClient('manager');
  // In the app the section is on a page: Print Labels goes to /print.
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, client);
}

describe('job products section', () => {
  it('says whose products are missing: a job, or a job template', async () => {
    mockFetch((_url, init) => (init.method === 'GET' ? json({ data: [] }) : undefined));
    render(<JobProductsSection jobId={3} owner="template" />);
    expect(await screen.findByText('No products on this template yet.')).toBeTruthy();
    expect(screen.queryByText(/on this job/)).toBeNull();
  });

  it("on a phone, labels the steps the product's series has (its category's, while it follows it) and shows no line for a series without any", async () => {
    mockFetch((url, init) => {
      if (init.method !== 'GET') return undefined;
      if (url.pathname === '/api/series')
        return json({
          data: [
            { id: 3, name: 'Frameless', category_id: 2, use_category_settings: true, ...NO_FLAGS },
            { id: 4, name: 'Towel Bars', category_id: 5, use_category_settings: true, ...NO_FLAGS },
          ],
        });
      if (url.pathname === '/api/product_categories')
        return json({
          data: [
            { id: 2, name: 'Shower Glass', ...NO_FLAGS, enable_measured: true, enable_fabricated: true },
            { id: 5, name: 'Hardware', ...NO_FLAGS, enable_units: true },
          ],
        });
      if (url.pathname === '/api/job_products')
        return json({
          data: [
            { id: 10, job_id: 3, series_id: 3, name: 'Inline Door', qty: 1, is_measured: true, is_ordered: true, is_fabricated: false },
            { id: 11, job_id: 3, series_id: 4, name: 'Towel Bar', qty: 2, is_measured: false, is_ordered: false, is_fabricated: false },
          ],
        });
      return json({ data: [] });
    });
    render(<JobProductsSection jobId={3} />);
    const [door, bar] = await screen.findAllByTestId('job-product-row');
    const line = await within(door!).findByTestId('job-product-phone-line');
    expect(line.textContent).toBe('Measured (done)Fabricated (not done)');
    expect(within(bar!).queryByTestId('job-product-phone-line')).toBeNull();
  });

  it('shows the glass size with the site opening it was cut from (measure-to-cut), on a desk and on a phone', async () => {
    mockFetch((url, init) => {
      if (init.method !== 'GET') return undefined;
      if (url.pathname === '/api/job_products')
        return json({
          data: [
            {
              id: 10,
              job_id: 3,
              series_id: null,
              name: 'Lobby mirror',
              qty: 1,
              opening_width: 36.4375,
              opening_height: 72,
              glass_width: 36.25,
              glass_height: 71.75,
              is_measured: true,
              is_ordered: false,
              is_fabricated: false,
            },
            {
              id: 11,
              job_id: 3,
              series_id: null,
              name: 'Shelf',
              qty: 1,
              glass_width: 30,
              glass_height: 12,
              is_measured: false,
              is_ordered: false,
              is_fabricated: false,
            },
          ],
        });
      return json({ data: [] });
    });
    render(<JobProductsSection jobId={3} />);
    const [mirror, shelf] = await screen.findAllByTestId('job-product-row');
    expect(within(mirror!).getByText('36 1/4" × 71 3/4"')).toBeTruthy();
    expect(within(mirror!).getByText('opening 36 7/16" × 72"')).toBeTruthy();
    expect(within(mirror!).getByTestId('job-product-phone-line').textContent).toBe('Opening 36 7/16" × 72", glass 36 1/4" × 71 3/4"');
    expect(within(shelf!).getAllByText('30" × 12"')).toHaveLength(2); // the cell, and the phone's line
    expect(within(shelf!).queryByText(/opening/)).toBeNull();
  });

  it("offers a template's products for change only with edit jobs_admin, as the server allows", async () => {
    mockFetch((url, init) => {
      if (init.method !== 'GET') return undefined;
      if (url.pathname === '/api/job_products')
        return json({
          data: [{ id: 10, job_id: 3, series_id: null, name: 'Inline Door', qty: 1, is_measured: false, is_ordered: false, is_fabricated: false }],
        });
      return json({ data: [] });
    });
    const client = signedInQueryClient('supervisor', { id: 2, name: 'Sid', email: 's@example.com' });
    renderWithProviders(
      <MemoryRouter>
        <JobProductsSection jobId={3} owner="template" />
      </MemoryRouter>,
      client,
    );
    await userEvent.click(within(await screen.findByTestId('job-product-row')).getByRole('button', { name: 'Inline Door' }));
    // a supervisor edits jobs, not templates: no Add buttons, and the product reads only
    expect(await screen.findByRole('dialog', { name: 'Job Product' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add from Series' })).toBeNull();
  });
});
