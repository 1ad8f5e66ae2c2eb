import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeQueryClient, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { DetailPage, useRouteId, type DetailSection } from '../detail/detail-page.tsx';
import { relationEntry } from './embedded-relations.ts';
import { resourceKeys } from './records.ts';
import { useDelete } from '../writes/saves.ts';
import { useList } from './queries.ts';
import { ResourceTable } from '../lists/resource-table.tsx';

const note = (id: number, text: string) => ({
  id,
  job_id: 5,
  note: text,
  internal_only: false,
  show_on_job: false,
  created_at: `2026-01-0${id}T10:00:00.000Z`,
  updated_at: `2026-01-0${id}T10:00:00.000Z`,
});
const pickup = (id: number) => ({
  id,
  job_id: 5,
  category_name: 'Mirrors',
  status: 'ready',
  complete: false,
  note: `Pickup ${id}`,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
});
const job = {
  id: 5,
  number: 'J-5',
  name: 'Lobby',
  active: true,
  scope_array: [],
  notes: [note(2, 'Second'), note(1, 'First')],
  pickup_items: [pickup(1), pickup(2), pickup(3)],
  updated_at: '2026-01-01T10:00:00.000Z',
};

/** The notes as NotesSection lists them (the relation's query: its `via` filter `on_job` and its order). */
function Notes({ jobId, remove }: { jobId: number; remove?: boolean }) {
  const list = useList('notes', { on_job: jobId, sort_column: 'created_at', sort_direction: 'desc' });
  const del = useDelete('notes');
  return (
    <ul>
      {list.data?.map((n) => (
        <li key={n.id}>
          {n.note}
          {remove && <button onClick={() => void del.mutateAsync(n.id)}>Delete {n.note}</button>}
        </li>
      ))}
    </ul>
  );
}

function OldestNotes({ jobId }: { jobId: number }) {
  const list = useList('notes', { on_job: jobId, sort_column: 'created_at', sort_direction: 'asc' });
  return <p>{list.data?.map((n) => n.note).join(', ')}</p>;
}

function Screen({ sections }: { sections: DetailSection<'jobs'>[] }) {
  const id = useRouteId('job_id');
  return <DetailPage resource="jobs" id={id} sections={sections} />;
}

/** The app's client (main.tsx): a fetched list is fresh for 30 s, and so is one filled from a record. */
function appQueryClient() {
  const client = makeQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, staleTime: 30_000 } });
  return client;
}

function show(sections: DetailSection<'jobs'>[], client = appQueryClient()) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/jobs/5']}>
      <Routes>
        <Route path="/jobs/:job_id" element={<Screen sections={sections} />} />
      </Routes>
    </MemoryRouter>,
    client,
  );
}

const pickupSection: DetailSection<'jobs'> = {
  key: 'pickup',
  label: 'Pickup Items',
  relation: { name: 'pickup_items', perPage: 2 },
  render: (j) => <ResourceTable resource="pickup_items" perPage={2} filters={{ job_id: j.id }} columns={[{ key: 'note', label: 'Note' }]} />,
};

afterEach(() => vi.unstubAllGlobals());

describe('a detail section listing an embedded relation', () => {
  it('starts from the rows the record embedded: no request of its own, on open or on a tab click (a page of a paged table)', async () => {
    const calls = mockFetch((url) => (url.pathname === '/api/jobs/5' ? json(job) : undefined));
    show([{ key: 'notes', label: 'Notes', relation: 'notes', render: (j) => <Notes jobId={j.id} /> }, pickupSection]);
    expect(await screen.findByText('Second')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Second', 'First']);
    fireEvent.click(screen.getByRole('tab', { name: 'Pickup Items' }));
    expect(await screen.findByText('Pickup 1')).toBeTruthy();
    expect(screen.getByText('Pickup 2')).toBeTruthy();
    expect(screen.queryByText('Pickup 3')).toBeNull();
    expect(screen.getByText('3 records')).toBeTruthy(); // the page's total, as the server's page answers it
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/jobs/5']);
  });

  it('asks as before for a section that declares no relation, or lists it another way', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname === '/api/jobs/5') return json(job);
      if (url.pathname === '/api/notes') return json({ data: [note(1, 'First'), note(2, 'Second')] });
      return undefined;
    });
    const first = show([{ key: 'notes', label: 'Notes', render: (j) => <Notes jobId={j.id} /> }]);
    expect(await screen.findByText('First')).toBeTruthy();
    first.unmount();
    show([{ key: 'oldest', label: 'Oldest', relation: 'notes', render: (j) => <OldestNotes jobId={j.id} /> }]);
    expect(await screen.findByText('First, Second')).toBeTruthy();
    expect(calls.map((c) => c.url.pathname + c.url.search)).toEqual([
      '/api/jobs/5',
      '/api/notes?on_job=5&sort_column=created_at&sort_direction=desc',
      '/api/jobs/5',
      '/api/notes?on_job=5&sort_column=created_at&sort_direction=asc',
    ]);
  });

  it('never overwrites a newer list, and a delete still refetches the list', async () => {
    let notes = [note(3, 'Third'), note(2, 'Second'), note(1, 'First')];
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return json(null, 204);
      if (url.pathname === '/api/jobs/5') return json(job);
      if (url.pathname === '/api/notes' && init.method === 'GET') return json({ data: notes });
      if (url.pathname === '/api/notes/2' && init.method === 'DELETE') {
        notes = notes.filter((n) => n.id !== 2);
        return json({ id: 2 });
      }
      return undefined;
    });
    const client = appQueryClient();
    // A list fetched after the job was read (here: cached later than the job's answer can be).
    client.setQueryData(resourceKeys.list('notes', { on_job: 5, sort_column: 'created_at', sort_direction: 'desc' }), notes, {
      updatedAt: Date.now() + 60_000,
    });
    show([{ key: 'notes', label: 'Notes', relation: 'notes', render: (j) => <Notes jobId={j.id} remove /> }], client);
    expect(await screen.findByText('Third')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete Second' })));
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ThirdDelete Third', 'FirstDelete First']));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/notes').length).toBe(1));
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/')).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /api/jobs/5',
      'DELETE /api/notes/2',
      'GET /api/notes',
    ]);
  });
});

describe('relationEntry', () => {
  it('keys a relation as its section asks for it, and declines what the rows cannot answer', () => {
    expect(relationEntry('jobs', 5, { name: 'notes' }, [])?.key).toEqual(
      resourceKeys.list('notes', { on_job: 5, sort_column: 'created_at', sort_direction: 'desc' }),
    );
    // paged: page 1 at the table's default page size, as a ResourceTable asks for it
    expect(relationEntry('jobs', 5, { name: 'events', paged: true }, [])).toEqual({
      key: resourceKeys.page('events', { page: 1, per_page: 20, job_id: 5, sort_column: 'date', sort_direction: 'asc' }),
      value: { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 },
    });
    expect(relationEntry('jobs', 5, { name: 'estimate' }, [])).toBeNull(); // one record, not a list
    expect(
      relationEntry(
        'jobs',
        5,
        { name: 'notes' },
        Array.from({ length: 1001 }, (_, i) => ({ id: i + 1 })),
      ),
    ).toBeNull(); // past the list cap
  });
});
