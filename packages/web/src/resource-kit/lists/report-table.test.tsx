/**
 * A report's table (analysis, forecasting): sorts in the browser by a column's figure, keeps the
 * totals row last, names each column's formula, opens a row by click or Enter, and exports what it
 * shows (totals included) as the table words it.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ReportTable, type ReportColumn } from './report-table.tsx';

interface Row {
  name: string;
  profit: number;
}
const columns: ReportColumn<Row>[] = [
  { key: 'name', label: 'Client', text: (r) => r.name },
  { key: 'profit', label: 'Profit', formula: 'Revenue − cost', numeric: true, value: (r) => r.profit, text: (r) => `$${r.profit}` },
];
const rows: Row[] = [
  { name: 'Baker', profit: -140 },
  { name: 'Acme', profit: 300 },
  { name: 'Cole', profit: 20 },
];
const names = () => screen.getAllByTestId('report-row').map((tr) => within(tr).getAllByRole('cell')[0]!.textContent);

afterEach(() => vi.restoreAllMocks());

describe('ReportTable', () => {
  it('sorts by a column, says how a column is computed, and opens a row', async () => {
    const opened: string[] = [];
    renderWithProviders(
      <ReportTable
        title="By client"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.name}
        totals={{ name: '', profit: 180 }}
        csvName="profit"
        onRowClick={(r) => opened.push(r.name)}
        rowLabel={(r) => `Open ${r.name}`}
      />,
    );
    expect(names()).toEqual(['Baker', 'Acme', 'Cole']);
    await userEvent.click(screen.getByRole('button', { name: /^Profit/ }));
    expect(names()).toEqual(['Acme', 'Cole', 'Baker']); // a figure: most first
    await userEvent.click(screen.getByRole('button', { name: /^Profit/ }));
    expect(names()).toEqual(['Baker', 'Cole', 'Acme']);
    await userEvent.click(screen.getByRole('button', { name: 'Client' }));
    expect(names()).toEqual(['Acme', 'Baker', 'Cole']);
    expect(
      within(screen.getByTestId('report-totals'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Total', '$180']);
    expect(screen.getByRole('button', { name: 'How Profit is computed: Revenue − cost' })).toBeTruthy();
    await userEvent.click(screen.getByRole('row', { name: 'Open Cole' }));
    screen.getByRole('row', { name: 'Open Acme' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toEqual(['Cole', 'Acme']);
  });

  it('exports the rows as shown, then the totals, as CSV', async () => {
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (made.push(b as Blob), 'blob:report'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(
      <ReportTable
        title="By client"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.name}
        totals={{ name: '', profit: 180 }}
        csvName="profit"
        defaultSort={{ column: 'profit', direction: 'desc' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export By client as CSV' }));
    expect(made).toHaveLength(1);
    const bytes = new Uint8Array(await made[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // a byte-order mark: spreadsheets read UTF-8
    expect(new TextDecoder().decode(bytes)).toBe('Client,Profit\r\nAcme,$300\r\nCole,$20\r\nBaker,$-140\r\nTotal,$180');
  });

  it('says so when the range has nothing', () => {
    renderWithProviders(
      <ReportTable title="By client" columns={columns} rows={[]} rowKey={(r) => r.name} csvName="profit" emptyText="No job ended in this range." />,
    );
    expect(screen.getByText('No job ended in this range.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export By client as CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
