import { DEFAULT_ROLE_MATRIX } from '@glazier/shared/permissions';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../resource-kit/session-user.ts';
import { json, makeQueryClient, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { JobProductsSection } from './job-products-section.tsx';

function render(ui: React.ReactElement) {
  const client = makeQueryClient();
  client.setQueryData(SESSION_KEY, { id: 1, name: 'Pat', email: 'p@example.com', role: 'manager', permissions: DEFAULT_ROLE_MATRIX.manager });
  renderWithProviders(ui, client);
}

describe('job products section', () => {
  it('says whose products are missing: a job, or a job template', async () => {
    mockFetch((_url, init) => (init.method === 'GET' ? json({ data: [] }) : undefined));
    render(<JobProductsSection jobId={3} owner="template" />);
    expect(await screen.findByText('No products on this template yet.')).toBeTruthy();
    expect(screen.queryByText(/on this job/)).toBeNull();
  });
});
