import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecordOf } from '@glazier/shared/resources/records';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openAdjustDialog, openCountDialog } from './stock-dialogs.tsx';

const material = { id: 9, number: 'GL-38CT', description: '3/8" clear tempered', on_hand: 12, active: true } as RecordOf<'materials'>;
const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('Count and Adjust stock', () => {
  it('Count sends the counted qty, its date and note to the count action and closes with the material', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/materials/9/count' && init.method === 'POST') return json({ material: { ...material, on_hand: 10 } });
      return undefined;
    });
    const stack = renderModalStack('admin');
    let result!: Promise<unknown>;
    act(() => {
      result = openCountDialog(stack(), material);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Count Stock' });
    expect(within(dialog).getByText('The qty on hand, counted')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Counted qty' }), '10');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Year end');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Count' }));
    await expect(result).resolves.toMatchObject({ id: 9, on_hand: 10 });
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ qty: 10, note: 'Year end' });
  });

  it('Adjust saves a signed adjustment and shows the server’s word under the note', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    let tries = 0;
    const calls = mockFetch((url, init) => {
      if (url.pathname !== '/api/material_transactions' || init.method !== 'POST') return undefined;
      tries += 1;
      if (tries === 1) return json({ message: 'The given data was invalid.', errors: { note: ['Say why the stock changed.'] } }, 422);
      return json({ id: 70, ...body(init) }, 201);
    });
    const stack = renderModalStack('admin');
    let result!: Promise<unknown>;
    act(() => {
      result = openAdjustDialog(stack(), material);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Adjust Stock' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Adjust by' }), '-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    expect(await within(dialog).findByText('Say why the stock changed.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Broken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Adjustment' }));
    await expect(result).resolves.toMatchObject({ id: 70 });
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toMatchObject({ material_id: 9, type: 'adjustment', qty: -2, note: 'Broken' });
  });
});
