import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, makeQueryClient, mockFetch, renderWithProviders } from '../test/render.tsx';
import type { ModalStackApi } from '../ui/modal-stack.tsx';
import { openCommandPalette } from './command-palette.tsx';

describe('Command palette', () => {
  it('searches as the user types and opens the highlighted hit with the keyboard', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/search'
        ? json({
            data: [
              { resource: 'jobs', id: 5, title: 'J-100', subtitle: 'Lobby · Acme' },
              { resource: 'materials', id: 9, title: 'J-100-M', subtitle: null },
            ],
          })
        : undefined,
    );
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, makeQueryClient());
    let result!: Promise<string | null>;
    act(() => {
      result = openCommandPalette(api);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const input = within(dialog).getByRole('textbox', { name: 'Search everything' });
    await userEvent.type(input, 'J-100');
    await within(dialog).findByRole('option', { name: /J-100-M/ });
    expect(calls.find((c) => c.url.pathname === '/api/search')?.url.searchParams.get('q')).toBe('J-100');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(result).resolves.toBe('/inventory/9');
  });
});
