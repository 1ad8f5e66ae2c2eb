/**
 * Export and import of a resource table: the menu offers Import to those who may edit
 * an importable resource; the export fetches every page with the table's query and words values
 * as the table does; the import dialog maps the file's columns, checks the rows in chunks and
 * shows each failing row's errors as the server gives them, and imports only a file with none.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResourceTable } from '../lists/resource-table.tsx';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { fetchAllRows, toCsv } from './csv-export.tsx';
import { guessMapping } from './header-match.ts';
import { CHECK_CHUNK, importFields, openImportDialog } from './import-dialog.tsx';

const csrf = (url: URL) => (url.pathname === '/sanctum/csrf-cookie' ? new Response(null, { status: 204 }) : undefined);
const page = (data: unknown[], current_page = 1, last_page = 1) => json({ data, current_page, last_page, per_page: 100, total: data.length * last_page });

describe('the menu of a resource table', () => {
  it('offers Export to everyone and Import to those who may edit an importable resource', async () => {
    mockFetch((url) => (url.pathname === '/api/vendors' ? page([{ id: 1, name: 'Pacific Glass', active: true }]) : undefined));
    // a list keeps its state in the address (list-state.tsx): it renders under a router
    const table = (
      <MemoryRouter>
        <ResourceTable resource="vendors" columns={[{ key: 'name', label: 'Name' }]} />
      </MemoryRouter>
    );
    const { unmount } = renderWithProviders(table, signedInQueryClient('manager'));
    await screen.findByText('Pacific Glass'); // the list is in: nothing re-renders under the open menu
    await userEvent.click(await screen.findByRole('button', { name: 'Export or import' }));
    // (jsdom: Mantine's dropdown is mounted on the first click; e2e/import.spec.ts uses it in Chromium)
    const items = async () => (await screen.findAllByRole('menuitem', { hidden: true })).map((m) => m.textContent);
    expect(await items()).toEqual(['Export CSV', 'Import from file…']);
    unmount();

    renderWithProviders(table, signedInQueryClient('supervisor'));
    await screen.findByText('Pacific Glass');
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await items()).toEqual(['Export CSV']);
  });
});

describe('export', () => {
  it('fetches every page with the query, 100 at a time, and words values as the table does', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname !== '/api/materials') return undefined;
      const n = Number(url.searchParams.get('page'));
      return page(
        [
          {
            id: n,
            number: `GL-${n}`,
            starting_price: 1234.5,
            active: n === 1,
            material_category_id: 3,
            material_category_name: 'Glass, clear',
            created_at: '2026-06-30T12:00:00.000Z',
          },
        ],
        n,
        3,
      );
    });
    const progress: number[] = [];
    const rows = await fetchAllRows('materials', { search: 'GL', sort_column: 'number', sort_direction: 'desc', material_category_id: 3 }, (done) =>
      progress.push(done),
    );
    expect(rows).toHaveLength(3);
    expect(progress).toEqual([1, 2, 3]);
    for (const c of calls) {
      expect(Object.fromEntries(c.url.searchParams)).toMatchObject({
        search: 'GL',
        sort_column: 'number',
        sort_direction: 'desc',
        material_category_id: '3',
        per_page: '100',
      });
    }
    const csv = toCsv(
      'materials',
      [
        { key: 'number', label: 'Number' },
        { key: 'material_category_id', label: 'Category' },
        { key: 'starting_price', label: 'Starting price' },
        { key: 'active', label: 'Active' },
      ],
      rows,
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFNumber,Category,Starting price,Active',
      'GL-1,"Glass, clear","$1,234.50",Yes',
      'GL-2,"Glass, clear","$1,234.50",No',
      'GL-3,"Glass, clear","$1,234.50",No',
    ]);
  });

  it('heads a yes/no column with what it holds, not the heading of the badge the list draws', () => {
    const rows = [
      { id: 1, name: 'Pacific Glass', active: true },
      { id: 2, name: 'Old Mill Supply', active: false },
    ];
    // the vendor list shows Active as a badge under "Status": Yes/No under "Status" read as a status
    const csv = toCsv(
      'vendors',
      [
        { key: 'name', label: 'Name' },
        { key: 'active', label: 'Status' },
      ],
      rows,
    );
    expect(csv.split('\r\n')).toEqual(['\uFEFFName,Active', 'Pacific Glass,Yes', 'Old Mill Supply,No']);
    // a heading that names the field stays; a column that words the cell itself keeps its heading
    expect(toCsv('vendor_materials', [{ key: 'is_preferred', label: 'Preferred' }], [{ id: 1, is_preferred: true }]).split('\r\n')[0]).toBe('\uFEFFPreferred');
    expect(
      toCsv('products', [{ key: 'is_assembly', label: 'Kind', text: (r) => (r.is_assembly ? 'Assembly' : '') }], [{ id: 1, is_assembly: true }]).split('\r\n'),
    ).toEqual(['\uFEFFKind', 'Assembly']);
    // and the file comes back: "Active" is the active field's heading
    expect(guessMapping(['Name', 'Active'], importFields('vendors', []))).toEqual(['name', 'active']);
  });
});

describe('import dialog', () => {
  const columns = [
    { key: 'number', label: 'Number' },
    { key: 'material_category_name', label: 'Category' },
    { key: 'reorder_qty', label: 'Reorder at' },
  ];

  it('guesses each column’s field from its heading, the export’s headings included', () => {
    const fields = importFields('materials', columns);
    expect(guessMapping(['Number', 'Description', 'Category', 'Reorder at', 'Notes', 'number'], fields, columns)).toEqual([
      'number',
      'description',
      'material_category_id',
      'reorder_qty',
      null,
      null,
    ]);
  });

  function open() {
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, signedInQueryClient('manager'));
    let result!: Promise<unknown>;
    act(() => {
      result = openImportDialog(api, { resource: 'materials', columns });
    });
    return () => result;
  }

  const csvFile = (rows: number) =>
    new File([['Number,Description,Category', ...Array.from({ length: rows }, (_, i) => `GL-${i},Clear ${i},Glass`)].join('\n')], 'materials.csv', {
      type: 'text/csv',
    });

  it('checks the rows in chunks, lists failing rows with the server’s errors, and does not import them', async () => {
    const checks: number[] = [];
    const calls = mockFetch((url, init) => {
      if (csrf(url)) return csrf(url);
      if (url.pathname !== '/api/materials/import/check') return undefined;
      const rows = (JSON.parse(String(init.body)) as { rows: Record<string, string>[] }).rows;
      checks.push(rows.length);
      const results = rows.map((r) =>
        r.number === 'GL-1201'
          ? { action: 'add', id: null, errors: { material_category_id: ['No material category named “Glass”.'] } }
          : { action: 'add', id: null },
      );
      return json({
        rows: results,
        added: results.length - results.filter((r) => 'errors' in r).length,
        updated: 0,
        failed: results.filter((r) => 'errors' in r).length,
      });
    });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Import Materials' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), csvFile(2500));
    expect(await within(dialog).findByText(/2,500 rows, 3 columns/)).toBeTruthy();
    expect((within(dialog).getByRole('combobox', { name: 'Field for Category' }) as HTMLSelectElement).value).toBe('material_category_id');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check 2,500 Rows' }));
    expect(await within(dialog).findByTestId('import-summary')).toHaveProperty(
      'textContent',
      '1 of 2,500 rows has errors: fix them in the file and choose it again. Nothing is imported while a row has errors.',
    );
    expect(checks).toEqual([CHECK_CHUNK, CHECK_CHUNK, 500]);
    const errors = within(dialog).getByTestId('import-errors');
    // the file's line (headings are line 1), the column's heading and value, the server's words
    expect(within(errors).getByRole('row', { name: /1203/ }).textContent).toBe('1203Category “Glass”: No material category named “Glass”.');
    expect(within(dialog).queryByRole('button', { name: /^Import/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/materials/import')).toBe(false);
  });

  it('imports a file without errors in one call and says how many were added and updated', async () => {
    const calls = mockFetch((url, init) => {
      if (csrf(url)) return csrf(url);
      const rows = (JSON.parse(String(init.body ?? '{}')) as { rows?: unknown[] }).rows ?? [];
      if (url.pathname === '/api/materials/import/check')
        return json({
          rows: rows.map((_, i) => (i < 2 ? { action: 'update', id: i + 1 } : { action: 'add', id: null })),
          added: rows.length - 2,
          updated: 2,
          failed: 0,
        });
      if (url.pathname === '/api/materials/import') return json({ added: rows.length - 2, updated: 2 });
      return undefined;
    });
    const result = open();
    const dialog = await screen.findByRole('dialog', { name: 'Import Materials' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), csvFile(5));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Check 5 Rows' }));
    expect((await within(dialog).findByTestId('import-summary')).textContent).toBe('Ready: 3 to add, 2 to update.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 5 Rows' }));
    await expect(result()).resolves.toEqual({ added: 3, updated: 2 });
    const run = calls.find((c) => c.url.pathname === '/api/materials/import')!;
    expect(run.method).toBe('POST');
    expect((run.body as { rows: unknown[] }).rows[0]).toEqual({ number: 'GL-0', description: 'Clear 0', material_category_id: 'Glass' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import Materials' })).toBeNull());
  });

  it('shows the rows written as the server reports them, and a refusal in its last line as a failed import', async () => {
    // The server's progress answer: lines held until the test lets each one go.
    const gates: (() => void)[] = [];
    const streamed = (lines: object[]) => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const line of lines) {
            await new Promise<void>((resolve) => gates.push(resolve));
            controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
          }
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
    };
    let failing = false;
    const calls = mockFetch((url, init) => {
      if (csrf(url)) return csrf(url);
      const rows = (JSON.parse(String(init.body ?? '{}')) as { rows?: unknown[] }).rows ?? [];
      if (url.pathname === '/api/materials/import/check')
        return json({ rows: rows.map(() => ({ action: 'add', id: null })), added: rows.length, updated: 0, failed: 0 });
      if (url.pathname === '/api/materials/import') {
        const end = failing
          ? { status: 422, body: { message: '1 row has errors: nothing was imported.', errors: { 'rows.3.number': ['The number has already been taken.'] } } }
          : { status: 200, body: { added: 5, updated: 0 } };
        return streamed([{ progress: [2, 5] }, { progress: [5, 5] }, end]);
      }
      return undefined;
    });
    const release = async (text?: RegExp) => {
      await waitFor(() => expect(gates.length).toBeGreaterThan(0));
      act(() => gates.shift()!());
      if (text) await within(screen.getByRole('dialog', { name: 'Import Materials' })).findByText(text);
    };

    const result = open();
    const dialog = await screen.findByRole('dialog', { name: 'Import Materials' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), csvFile(5));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Check 5 Rows' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 5 Rows' }));
    expect(within(dialog).getByText('Writing rows: 0 of 5 (all of them, or none)')).toBeTruthy();
    await release(/Writing rows: 2 of 5/);
    expect(within(dialog).getByTestId('import-progress').querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('40');
    await release(/Saving the 5 rows/);
    await release();
    await expect(result()).resolves.toEqual({ added: 5, updated: 0 });
    expect(calls.find((c) => c.url.pathname === '/api/materials/import')!.headers.Accept).toMatch(/^application\/x-ndjson/);

    failing = true;
    open();
    const again = await screen.findByRole('dialog', { name: 'Import Materials' });
    await userEvent.upload(within(again).getByTestId('import-file'), csvFile(5));
    await userEvent.click(await within(again).findByRole('button', { name: 'Check 5 Rows' }));
    await userEvent.click(await within(again).findByRole('button', { name: 'Import 5 Rows' }));
    for (let i = 0; i < 3; i++) await release();
    expect(await within(again).findByText('1 row has errors: nothing was imported.')).toBeTruthy();
    expect(within(again).getByText(/The number has already been taken/)).toBeTruthy();
  });

  it('says what is wrong with a file it cannot read', async () => {
    mockFetch(() => undefined);
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Import Materials' });
    await userEvent.upload(within(dialog).getByTestId('import-file'), new File(['x'], 'photo.png', { type: 'image/png' }), { applyAccept: false });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose a CSV file (.csv) or an Excel sheet (.xlsx).');
  });

  it('matches the usual variants of the headings and says what it matched', async () => {
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, signedInQueryClient('manager'));
    const vendorColumns = [
      { key: 'name', label: 'Name' },
      { key: 'contact_name', label: 'Contact' },
      { key: 'phone', label: 'Phone' },
    ];
    act(() => {
      void openImportDialog(api, { resource: 'vendors', columns: vendorColumns });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Import Vendors' });
    const file = new File(['Vendor Name,Contact Person,Tel,Email,Fax\nPacific Glass,Lena Ortiz,5035550142,lena@pacific.example,5035550143'], 'vendors.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(within(dialog).getByTestId('import-file'), file);
    const field = (heading: string) => (within(dialog).getByRole('combobox', { name: `Field for ${heading}` }) as HTMLSelectElement).value;
    await within(dialog).findByTestId('import-mapping');
    expect(['Vendor Name', 'Contact Person', 'Tel', 'Email', 'Fax'].map(field)).toEqual(['name', 'contact_name', 'phone', 'email', '']);
    expect(within(dialog).getByTestId('import-matched').textContent).toBe(
      'Matched 4 of 5 columns by heading: “Vendor Name” as Name, “Contact Person” as Contact, “Tel” as Phone, “Email”. One column is not imported unless you choose a field.',
    );
    // a choice of one's own is no longer listed as matched
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Field for Tel' }), '');
    expect(within(dialog).getByTestId('import-matched').textContent).toBe(
      'Matched 3 of 5 columns by heading: “Vendor Name” as Name, “Contact Person” as Contact, “Email”. 2 columns are not imported unless you choose a field.',
    );
  });
});
