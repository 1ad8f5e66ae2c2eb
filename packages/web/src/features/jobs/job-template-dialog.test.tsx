import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openJobTemplateDialog } from './job-template-dialog.tsx';

const BOTH = 'A job template belongs to a client or to a category template, not both.';

describe('Job Template dialog', () => {
  it('shows the server’s refusal of both a client and a category template under both fields', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch((url, init) => {
      if (url.pathname === '/api/job_templates/3' && init.method === 'PATCH')
        return json({ message: 'Invalid', errors: { client_id: [BOTH], category_template_id: [BOTH] } }, 422);
      if (url.pathname === '/api/clients/1') return json({ id: 1, name: 'Acme', updated_at: '2026-01-01T00:00:00Z' });
      if (url.pathname === '/api/category_templates/2') return json({ id: 2, name: 'Pack', client_id: 1, updated_at: '2026-01-01T00:00:00Z' });
      return undefined;
    });
    const client = signedInQueryClient('admin');
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
    let result!: Promise<unknown>;
    act(() => {
      result = openJobTemplateDialog(api, { record: { id: 3, name: 'T', client_id: 1, category_template_id: 2, updated_at: '2026-01-01T00:00:00Z' } as never });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job Template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(BOTH)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Edit Job Template' })).toBeTruthy();
    act(() => api.closeTop());
    await expect(result).resolves.toBeNull();
  });
});
