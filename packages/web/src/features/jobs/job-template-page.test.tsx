import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiServer, renderApp } from '../../test/app.tsx';
import { json, mockFetch, sessionUser } from '../../test/render.tsx';

describe('job template screen', () => {
  it("the action bar's Add adds a product to the template, as Add Product does", async () => {
    mockFetch(
      apiServer((url, init) => {
        if (url.pathname === '/api/user') return json(sessionUser('manager'));
        if (init.method === 'GET' && url.pathname === '/api/job_templates/3')
          return json({ id: 3, name: 'Bath package', client_id: null, category_template_id: null, is_template: true, products: [] });
        if (init.method === 'GET') return json({ data: [] });
        return undefined;
      }),
    );
    renderApp('/job_templates/3');
    expect(await screen.findByRole('heading', { name: 'Bath package', level: 1 })).toBeTruthy();
    const add = within(screen.getByRole('toolbar', { name: 'Actions' })).getByRole('button', { name: 'Add' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await userEvent.click(add);
    expect(await screen.findByRole('dialog', { name: 'Add Job Product' })).toBeTruthy();
  });
});
