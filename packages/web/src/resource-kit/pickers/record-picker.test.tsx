import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StackGrabber, json, makeQueryClient, mockFetch, renderWithProviders } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { resourceKeys } from '../records/records.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { RecordPicker } from './record-picker.tsx';

// Dialog flows with real timers (debounce, transitions) take seconds on a busy machine.

type Client = RecordOf<'clients'>;
const clientRecord = (id: number, name: string): Client => ({
  id,
  name,
  active: true,
  client_type_id: null,
  note: null,
  color: null,
  tax_exempt: false,
  tax_exemption_number: null,
  email: null,
  no_reminders: false,
});
const CLIENTS: Client[] = [clientRecord(1, 'Alpha Glass'), clientRecord(2, 'Beta Mirrors'), clientRecord(3, 'Gamma Homes')];

function serveClients() {
  return mockFetch((url) => {
    if (url.pathname !== '/api/clients') return undefined;
    const q = (url.searchParams.get('search') ?? '').toLowerCase();
    const data = CLIENTS.filter((c) => c.name.toLowerCase().includes(q));
    return json({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
  });
}

function Harness({
  onChange,
  onAddNew,
}: {
  onChange: (id: number | null, r: Client | null) => void;
  onAddNew?: (p: { name: string; description: string }) => Promise<Client | null>;
}) {
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
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('search') === 'a')).toBe(true));
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
    // The list is gone: the box points at no row of it.
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('Escape, then the arrow keys open the list again and pick; a closed list is pointed at by nothing', async () => {
    serveClients();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'Beta');
    await waitFor(() => expect(highlighted()).toBe('Beta Mirrors'));
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    await userEvent.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(options().length).toBeGreaterThan(0));
    await userEvent.keyboard('{ArrowDown}');
    const picked = highlighted();
    expect(picked).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(expect.any(Number), expect.objectContaining({ name: picked }));
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('Tab picks the highlighted row and moves on', async () => {
    serveClients();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'gam');
    await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Gamma Homes']));
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
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.click(screen.getByRole('option', { name: 'Alpha Glass' }));
    expect(onChange).toHaveBeenCalledWith(1, expect.objectContaining({ name: 'Alpha Glass' }));
  });

  it('offers "Add New {label} {text}" when nothing matches and selects what the creation resolves with', async () => {
    serveClients();
    const onChange = vi.fn();
    const created = clientRecord(42, 'Zed Windows');
    const onAddNew = vi.fn(async () => created);
    renderWithProviders(<Harness onChange={onChange} onAddNew={onAddNew} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'Zed Windows');
    const add = await screen.findByRole('option', { name: 'Add New Client Zed Windows' });
    expect(add.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(onAddNew).toHaveBeenCalledWith({ name: 'Zed Windows', description: 'Zed Windows' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(42, created));
    expect((input as HTMLInputElement).value).toBe('Zed Windows');
  });

  it('closes the list 500 ms after the input loses focus (Tab, nothing highlighted)', async () => {
    serveClients();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Next field' }));
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a click outside closes the list at once and picks nothing', async () => {
    serveClients();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Client' });
    await userEvent.click(input);
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.click(screen.getByRole('textbox', { name: 'Next field' }));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('focus alone (Tab or Enter from the field before) does not open the list over the next field', async () => {
    serveClients();
    renderWithProviders(
      <>
        <input aria-label="Before" />
        <Harness onChange={vi.fn()} />
      </>,
    );
    await userEvent.click(screen.getByRole('textbox', { name: 'Before' }));
    await userEvent.tab();
    const input = screen.getByRole('combobox', { name: 'Client' });
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // Enter moves on to the next field.
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Next field' }));
  });

  it('in a dialog, Escape closes only the list: the dialog and its typing stay', async () => {
    serveClients();
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />);
    let result!: Promise<unknown>;
    act(() => {
      result = api.push(
        () => (
          <>
            <input aria-label="Name" defaultValue="Typed before" />
            <Harness onChange={vi.fn()} />
          </>
        ),
        { title: 'Some dialog' },
      );
    });
    const dialog = await screen.findByRole('dialog', { name: 'Some dialog' });
    const input = within(dialog).getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'a');
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Some dialog' })).toBe(dialog);
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Typed before');
    // A second Escape, with the list closed, closes the dialog.
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toBeNull();
  });

  it('says it cannot search while offline instead of searching forever', async () => {
    serveClients();
    onlineManager.setOnline(false);
    try {
      // Even with adding allowed: offline, no match is known, so no "Add New" row.
      renderWithProviders(<Harness onChange={vi.fn()} onAddNew={async () => null} />);
      await userEvent.type(screen.getByRole('combobox', { name: 'Client' }), 'alp');
      expect(await screen.findByText('You are offline: searching needs a connection.')).toBeTruthy();
      expect(screen.queryByText('Searching…')).toBeNull();
      expect(screen.queryByRole('option')).toBeNull();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('offline, searches the records this device has (pages, lists, records), as the server would, and says so', async () => {
    const calls = serveClients();
    const cache = makeQueryClient();
    cache.setQueryData(resourceKeys.page('clients', { page: 1 }), { data: CLIENTS.slice(0, 2), current_page: 1, last_page: 1, per_page: 20, total: 2 });
    // a newer copy of one of them read by id, an inactive one, and one kept offline (not on the server: no choice)
    cache.setQueryData(resourceKeys.record('clients', 2), { ...CLIENTS[1], name: 'Beta Mirrors & Glass' });
    cache.setQueryData(resourceKeys.list('clients'), [
      { ...clientRecord(4, 'Alpine Glass'), active: false },
      CLIENTS[2],
      { ...clientRecord(-1, 'Pending Glass') },
    ]);
    onlineManager.setOnline(false);
    try {
      const onChange = vi.fn();
      renderWithProviders(<Harness onChange={onChange} onAddNew={async () => null} />, cache);
      const input = screen.getByRole('combobox', { name: 'Client' });
      await userEvent.type(input, 'glass');
      await waitFor(() => expect(options().map((o) => o.textContent)).toEqual(['Alpha Glass', 'Beta Mirrors & Glass']));
      expect(screen.getByRole('status').textContent).toBe('Offline: only what this device has already loaded.');
      await userEvent.keyboard('{ArrowDown}{Enter}');
      expect(onChange).toHaveBeenLastCalledWith(1, CLIENTS[0]);
      await userEvent.clear(input);
      await userEvent.type(input, 'zzz');
      expect(await screen.findByText('You are offline: nothing on this device matches “zzz”.')).toBeTruthy();
      // no "Add New": offline, nothing is known to be missing
      expect(screen.queryByRole('option')).toBeNull();
      expect(calls.filter((c) => c.url.pathname === '/api/clients')).toHaveLength(0);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('asks for jobs in the order of their headings: by number, newest first', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/jobs'
        ? json({
            data: [
              { id: 2, number: 'J-2', name: 'Alder' },
              { id: 1, number: 'J-1', name: 'Zephyr' },
            ],
            current_page: 1,
            last_page: 1,
            per_page: 20,
            total: 2,
          })
        : undefined,
    );
    renderWithProviders(<RecordPicker resource="jobs" label="Job" value={null} onChange={vi.fn()} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Job' }), 'J');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    const asked = calls.at(-1)!.url.searchParams;
    expect([asked.get('sort_column'), asked.get('sort_direction')]).toEqual(['number', 'desc']);
    // Each row is headed by the number, with the name beneath.
    expect(screen.getAllByRole('option').map((o) => o.firstElementChild?.textContent)).toEqual(['J-2', 'J-1']);
  });
});
