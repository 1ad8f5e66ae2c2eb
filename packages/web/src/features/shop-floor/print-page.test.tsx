import type { Label } from '@glazier/shared/rules/shop-floor/labels';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRINT_LABELS_KEY, storePreparedLabels } from '../../ui/labels.ts';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { LABEL_LAYOUT_KEY, PrintPage } from './print-page.tsx';
import { QR_OPTIONS } from './qr-codes.ts';

const URL_A = 'http://localhost:3000/inventory/17';
const URL_B = 'http://localhost:3000/inventory/18';

const label = (name: string, qr?: string): Label => ({
  job: '',
  name,
  description: `${name} described`,
  note: 'PO 1042 · received 3/4/2026',
  ...(qr ? { qr } : {}),
});

/** The page for a signed-in employee; the settings hold no label stock unless a test says so. */
function renderPrintPage() {
  const router = createMemoryRouter([{ path: '/print', Component: PrintPage }], { initialEntries: ['/print'] });
  return renderWithProviders(<RouterProvider router={router} />, signedInQueryClient('employee'));
}

beforeEach(() => mockFetch((url) => (url.pathname === '/api/settings' ? json({ data: [] }) : undefined)));

/** The labels on paper (the print sheet, outside the app's root). */
const printSheet = () => screen.getByTestId('label-print');

describe('the label print page', () => {
  it('shows every prepared label, on screen and on paper, each QR code being qrcode’s own SVG of its URL', async () => {
    storePreparedLabels([label('M-100', URL_A), label('M-100', URL_A), label('M-200', URL_B)]);
    renderPrintPage();
    expect((await screen.findByTestId('label-count')).textContent).toBe('3 labels');
    await waitFor(() => expect(screen.getByTestId('label-preview').dataset.ready).toBe('true'));

    const preview = within(screen.getByTestId('label-preview')).getAllByTestId('label');
    const paper = within(printSheet()).getAllByTestId('label');
    expect(preview).toHaveLength(3);
    expect(paper).toHaveLength(3);
    expect(paper.map((l) => l.querySelector('.label-name')?.textContent)).toEqual(['M-100', 'M-100', 'M-200']);
    expect(paper[2]!.textContent).toContain('M-200 described');
    expect(paper[2]!.textContent).toContain('PO 1042 · received 3/4/2026');

    for (const [i, url] of [URL_A, URL_A, URL_B].entries()) {
      const code = within(paper[i]!).getByRole('img', { name: `QR code of ${url}` });
      const expected = new DOMParser().parseFromString(await QRCode.toString(url, QR_OPTIONS), 'image/svg+xml').documentElement;
      const svg = code.querySelector('svg');
      expect(svg).not.toBeNull();
      expect(svg!.getAttribute('viewBox')).toBe(expected.getAttribute('viewBox'));
      expect([...svg!.querySelectorAll('path')].map((p) => p.getAttribute('d'))).toEqual(
        [...expected.querySelectorAll('path')].map((p) => p.getAttribute('d')),
      );
    }
    // Two URLs, two different codes.
    expect(paper[0]!.querySelector('svg')!.innerHTML).not.toBe(paper[2]!.querySelector('svg')!.innerHTML);
    expect((screen.getByRole('button', { name: 'Print' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('prints a thermal label per page, and on a Letter sheet starts at the chosen position (remembering the stock)', async () => {
    storePreparedLabels([label('A'), label('B'), label('C')]);
    renderPrintPage();
    await screen.findByTestId('label-count');
    expect(within(printSheet()).getAllByTestId('label-page')).toHaveLength(3);
    expect(screen.queryByRole('combobox', { name: 'Start at label' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Label size' }));
    await user.click(await screen.findByRole('option', { name: 'Letter sheet, 30 per page (Avery 5160)', hidden: true }));
    await waitFor(() => expect(within(printSheet()).getAllByTestId('label-page')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem(LABEL_LAYOUT_KEY) ?? 'null')).toBe('letter-30');

    await user.click(screen.getByRole('combobox', { name: 'Start at label' }));
    await user.click(await screen.findByRole('option', { name: '29', hidden: true }));
    await waitFor(() => expect(within(printSheet()).getAllByTestId('label-page')).toHaveLength(2));
    const [first, second] = within(printSheet()).getAllByTestId('label-page');
    expect(first!.children).toHaveLength(30);
    expect(first!.querySelectorAll('.label-blank')).toHaveLength(28);
    expect(
      within(first!)
        .getAllByTestId('label')
        .map((l) => l.textContent),
    ).toEqual([expect.stringContaining('A'), expect.stringContaining('B')]);
    expect(within(second!).getAllByTestId('label')).toHaveLength(1);
    expect(screen.getByTestId('label-count').parentElement!.textContent).toContain('2 pages');
  });

  it('lays labels out for the stock chosen in Settings (label_stock), unless this browser chose another', async () => {
    mockFetch((url) =>
      url.pathname === '/api/settings'
        ? json({ data: [{ id: 1, name: 'label_stock', value: 'thermal-4x6', updated_at: '2026-01-01T00:00:00.000Z' }] })
        : undefined,
    );
    storePreparedLabels([label('A'), label('B')]);
    renderPrintPage();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Label size' })).toHaveProperty('value', '4" × 6" thermal, one per page'));
    expect(within(printSheet()).getAllByTestId('label-page')[0]!.className).toContain('label-layout-thermal-4x6');
  });

  it('says so when nothing is prepared (or what is kept is not labels)', async () => {
    localStorage.setItem(PRINT_LABELS_KEY, '{"not":"labels"}');
    renderPrintPage();
    await screen.findByText('No labels to print.');
    screen.getByRole('button', { name: 'Back' });
    expect(screen.queryByTestId('label-print')).toBeNull();
  });
});
