import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders } from '../test/render.tsx';
import type { Rec } from './hooks.ts';
import { RecordPicker } from './record-picker.tsx';

const CLIENTS: Rec[] = [
  { id: 1, name: 'Alpha Glass', active: true },
  { id: 2, name: 'Beta Mirrors', active: true },
  { id: 3, name: 'Gamma Homes', active: true },
];

function serveClients() {
  return mockFetch((url) => {
    if (url.pathname !== '/api/clients') return undefined;
    const q = (url.searchParams.get('search') ?? '').toLowerCase();
    const data = CLIENTS.filter((c) => String(c.name).toLowerCase().includes(q));
    return json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
  });
}

function Harness({ onChange, onAddNew }: { onChange: (id: number | null, r: Rec | null) => void; onAddNew?: (p: { name: string; description: string }) => Promise<Rec | null> }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <RecordPicker
        resource="clients"
        label="Client"
        value={value}
        onChange={(id, r) => {
          setValue(id);
          onChange(id, r);
        }}
        onAddNew={onAddNew}
      />
      <input aria-label="Next field" />
    </>
  );
}

const options = () => within(screen.getByRole('listbox')).queryAllByRole('option');
const highlighted = () => options().find((o) => o.getAttribute('aria-selected') === 'true')?.textContent;

describe('RecordPicker', () => {
  it('searches after typing (20 a page, active only) and arrow keys wrap at both ends; Enter picks', async () => {
    const calls = serveClients();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'a');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('search') === 'a')).toBe(true), { timeout: 2000 });
    await waitFor(() => expect(highlighted()).toBe('Alpha Glass'));
    expect(options()).toHaveLength(3);

    const searched = calls.filter((c) => c.url.searchParams.get('search') === 'a');
    expect(searched[0]!.url.searchParams.get('per_page')).toBe('20');
    expect(searched[0]!.url.searchParams.get('active')).toBe('true');
    // Nothing is asked for on every keystroke: only after the 500 ms pause.
    expect(calls.every((c) => ['', 'a'].includes(c.url.searchParams.get('search') ?? ''))).toBe(true);

    expect(highlighted()).toBe('Alpha Glass');
    await userEvent.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Gamma Homes');
    await userEvent.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Alpha Glass');
    await userEvent.keyboard('{ArrowDown}');
    expect(highlighted()).toBe('Beta Mirrors');
    await userEvent.keyboard('{Enter}');

    expect(onChange).toHaveBeenCalledWith(2, expect.objectContaining({ name: 'Beta Mirrors' }));
    expect((input as HTMLInputElement).value).toBe('Beta Mirrors');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
  });

  it('Tab picks the highlighted row and moves on', async () => {
    serveClients();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'gam');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Gamma Homes']), { timeout: 2000 });
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledWith(3, expect.objectContaining({ id: 3 }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Next field' }));
    expect((input as HTMLInputElement).value).toBe('Gamma Homes');
  });

  it('clicking a row picks it', async () => {
    serveClients();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    await userEvent.click(screen.getByRole('option', { name: 'Alpha Glass' }));
    expect(onChange).toHaveBeenCalledWith(1, expect.objectContaining({ name: 'Alpha Glass' }));
  });

  it('offers "Add New {label} {text}" when nothing matches and selects what the creation resolves with', async () => {
    serveClients();
    const onChange = vi.fn();
    const created: Rec = { id: 42, name: 'Zed Windows', active: true };
    const onAddNew = vi.fn(async () => created);
    renderWithProviders(<Harness onChange={onChange} onAddNew={onAddNew} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'Zed Windows');
    const add = await screen.findByRole('option', { name: 'Add New Client Zed Windows' }, { timeout: 2000 });
    expect(add.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(onAddNew).toHaveBeenCalledWith({ name: 'Zed Windows', description: 'Zed Windows' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(42, created));
    expect((input as HTMLInputElement).value).toBe('Zed Windows');
  });

  it('closes the list 500 ms after the input loses focus', async () => {
    serveClients();
    renderWithProviders(<Harness onChange={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await waitFor(() => expect(options()).toHaveLength(3), { timeout: 2000 });
    await userEvent.click(screen.getByRole('textbox', { name: 'Next field' }));
    expect(screen.queryByRole('listbox')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull(), { timeout: 1500 });
  });
});
