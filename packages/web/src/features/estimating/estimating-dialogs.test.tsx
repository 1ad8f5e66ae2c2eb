/**
 * The dialogs and the items section: the Estimate dialog (the job dates default to the current
 * month; an open estimate opens read-only), the Estimate Item dialog (the three warnings, none
 * blocking; the guarded money fields only with estimates_admin, and not sent without it), and the
 * items grouped by category with the client's choice of alternates switching the totals at once.
 */
import { DEFAULT_ROLE_MATRIX } from '@glazier/shared/permissions';
import { COST_WARNING, PRICE_WARNING, QTY_WARNING } from '@glazier/shared/rules/estimating/estimate-item';
import { ONLY_DRAFTS_MESSAGE } from '@glazier/shared/rules/estimating/estimate-status';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { currentMonth, openEstimateDialog } from './estimate-dialog.tsx';
import { openEstimateItemDialog } from './estimate-item-dialog.tsx';
import { openConvertDialog } from './convert-dialog.tsx';
import { EstimateItemsSection } from './estimate-items-section.tsx';

/** A supervisor given edit estimates (not estimates_admin): an estimator. */
const ESTIMATOR = { permissions: { ...DEFAULT_ROLE_MATRIX.supervisor, estimates: { view: true, edit: true } } };

const body = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;
const sentBy = (calls: { method: string; body: unknown }[], method: string) =>
  calls.find((c) => c.method === method)?.body as Record<string, unknown> | undefined;

const estimate = (extra: Partial<RecordOf<'estimates'>> = {}) =>
  ({
    id: 4,
    client_id: 2,
    client_name: 'Harbor Homes',
    name: 'Lobby',
    status: 'draft',
    type: 'commercial',
    product_category_list: [1],
    alternate_categories: [],
    total: 1050,
    updated_at: '2026-11-01T10:00:00.000Z',
    ...extra,
  }) as RecordOf<'estimates'>;

const item = (extra: Partial<RecordOf<'estimate_items'>> = {}) =>
  ({
    id: 70,
    estimate_id: 4,
    takeoff_option_id: 8,
    product_id: 5,
    product_name: 'Frameless door',
    product_category_id: 1,
    qty: 2,
    amount: 800,
    cost: 500,
    standard_price: 400,
    standard_cost: 250,
    description: 'Frameless door',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...extra,
  }) as RecordOf<'estimate_items'>;

describe('currentMonth', () => {
  it('gives the first and last day of the month, across a year end and a leap February', () => {
    expect(currentMonth(new Date(2026, 11, 17))).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(currentMonth(new Date(2028, 1, 3))).toEqual({ start: '2028-02-01', end: '2028-02-29' });
  });
});

describe('Estimate dialog', () => {
  it("starts a new estimate on the current month; the server's word on the client shows under it", async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/product_categories') return json({ data: [{ id: 1, name: 'Mirrors' }] });
      if (url.pathname === '/api/estimates' && init.method === 'POST')
        return json({ message: 'The given data was invalid.', errors: { client_id: ['Client is required.'] } }, 422);
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => void openEstimateDialog(stack()));
    const dialog = await screen.findByRole('dialog', { name: 'Add Estimate' });
    const month = currentMonth();
    const [y, m, d] = month.start.split('-');
    expect((within(dialog).getByLabelText('Job start date') as HTMLInputElement).value).toBe(`${Number(m)}/${Number(d)}/${y}`);
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Lobby');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Client is required.');
    expect(sentBy(calls, 'POST')).toMatchObject({ name: 'Lobby', job_start_date: month.start, job_end_date: month.end, type: 'commercial' });
  });

  it("a new estimate for a homeowner starts as residential: its client's type says so", async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (url.pathname === '/api/product_categories') return json({ data: [] });
      if (url.pathname === '/api/clients/9') return json({ id: 9, name: 'Pat Rivera', client_type_id: 3, updated_at: '2026-12-01T00:00:00Z' });
      if (url.pathname === '/api/client_types/3') return json({ id: 3, name: 'Homeowner', estimate_type: 'residential', updated_at: '2026-12-01T00:00:00Z' });
      if (url.pathname === '/api/estimates' && init.method === 'POST') return json({ id: 77, ...(JSON.parse(String(init.body)) as object) });
      return undefined;
    });
    const stack = renderModalStack('manager');
    act(() => void openEstimateDialog(stack(), { initial: { client_id: 9 } }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Estimate' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Residential' }).getAttribute('aria-pressed')).toBe('true'));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Kitchen mirror');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBy(calls, 'POST')).toMatchObject({ client_id: 9, type: 'residential' }));
  });

  it('opens an open estimate read-only, saying why', async () => {
    mockFetch((url) => (url.pathname === '/api/product_categories' ? json({ data: [] }) : undefined));
    const stack = renderModalStack('manager');
    act(() => void openEstimateDialog(stack(), { record: estimate({ status: 'open' }) }));
    const dialog = await screen.findByRole('dialog', { name: 'Estimate' });
    expect(within(dialog).getByTestId('estimate-read-only-reason').textContent).toBe(ONLY_DRAFTS_MESSAGE);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('Estimate Item dialog', () => {
  it('warns of a unit price, unit cost and qty off the standard and the takeoff, and still saves', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/products/5') return json({ id: 5, name: 'Frameless door' });
      if (url.pathname === '/api/estimate_items/70' && init.method === 'PATCH') return json(item(body(init)));
      return undefined;
    });
    const stack = renderModalStack('admin');
    act(() => void openEstimateItemDialog(stack(), { record: item(), calculatedQty: 2 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Estimate Item' });
    // at the standard: no warning
    expect(within(dialog).queryByText(PRICE_WARNING)).toBeNull();
    expect(within(dialog).queryByText(QTY_WARNING)).toBeNull();
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '900');
    const cost = within(dialog).getByLabelText('Cost');
    await userEvent.clear(cost);
    await userEvent.type(cost, '480');
    const qty = within(dialog).getByLabelText('Qty');
    await userEvent.clear(qty);
    await userEvent.type(qty, '3');
    await within(dialog).findByText(QTY_WARNING);
    within(dialog).getByText(PRICE_WARNING);
    within(dialog).getByText(COST_WARNING);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBy(calls, 'PATCH')).toMatchObject({ qty: 3, amount: 900, cost: 480 }));
  });

  it("follows qty with the alternate's amount and cost as with the base's, while they are at the standard", async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/products/5') return json({ id: 5, name: 'Frameless door' });
      if (url.pathname === '/api/products/6') return json({ id: 6, name: 'Framed door' });
      if (url.pathname === '/api/estimate_items/70' && init.method === 'PATCH') return json(item(body(init)));
      return undefined;
    });
    const stack = renderModalStack('admin');
    const record = item({ alternate_product_id: 6, alternate_amount: 1000, alternate_cost: 600, alternate_standard_price: 500, alternate_standard_cost: 300 });
    act(() => void openEstimateItemDialog(stack(), { record }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Estimate Item' });
    const qty = within(dialog).getByLabelText('Qty');
    await userEvent.clear(qty);
    await userEvent.type(qty, '3');
    await waitFor(() => expect((within(dialog).getByLabelText('Alternate amount') as HTMLInputElement).value).toBe('$1,500.00'));
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('$1,200.00');
    expect((within(dialog).getByLabelText('Alternate cost') as HTMLInputElement).value).toBe('$900.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBy(calls, 'PATCH')).toMatchObject({ qty: 3, amount: 1200, cost: 750, alternate_amount: 1500, alternate_cost: 900 }));
  });

  it('neither shows nor sends the amounts without estimates_admin', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/products/5') return json({ id: 5, name: 'Frameless door' });
      if (url.pathname === '/api/estimate_items/70' && init.method === 'PATCH') return json(item());
      return undefined;
    });
    const stack = renderModalStack('supervisor', ESTIMATOR);
    const { amount: _a, cost: _c, standard_price: _p, standard_cost: _s, ...seen } = item();
    act(() => void openEstimateItemDialog(stack(), { record: seen as RecordOf<'estimate_items'> }));
    const dialog = await screen.findByRole('dialog', { name: /Estimate Item/ });
    expect(within(dialog).queryByLabelText('Amount')).toBeNull();
    expect(within(dialog).queryByLabelText('Cost')).toBeNull();
    // a change of qty, which would move the amounts it cannot see: they are still not sent
    await userEvent.clear(within(dialog).getByLabelText('Qty'));
    await userEvent.type(within(dialog).getByLabelText('Qty'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentBy(calls, 'PATCH')).toBeDefined());
    const sent = sentBy(calls, 'PATCH')!;
    expect(sent.qty).toBe(3);
    expect(Object.keys(sent)).not.toContain('amount');
    expect(Object.keys(sent)).not.toContain('cost');
  });
});

describe('the items section', () => {
  it("groups items by category and switches the totals to a chosen category's alternates at once, saving the choice", async () => {
    const withAlternate = item({ alternate_amount: 1100, alternate_cost: 700, alternate_description: 'Frameless, low iron' });
    const other = item({
      id: 71,
      product_id: null,
      product_name: null,
      product_category_id: null,
      description: 'Haul away',
      qty: 1,
      amount: 50,
      cost: 0,
      takeoff_option_id: null,
    });
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/estimate_items') return json({ data: [withAlternate, other] });
      if (url.pathname === '/api/estimate_category_notes') return json({ data: [{ id: 3, estimate_id: 4, product_category_id: 1, note: 'Tempered only.' }] });
      if (url.pathname === '/api/product_categories') return json({ data: [{ id: 1, name: 'Shower Glass' }] });
      if (url.pathname === '/api/takeoffs') return json({ data: [] });
      if (url.pathname === '/api/estimates/4' && init.method === 'PATCH') return json(estimate({ alternate_categories: [1], total: 1150 }));
      if (url.pathname === '/api/estimates/4') return json(estimate());
      return undefined;
    });
    // as the estimate screen has it: the estimate read live from the cache
    function Screen() {
      const e = useRecord('estimates', 4).data;
      return e ? <EstimateItemsSection estimate={e} /> : null;
    }
    renderWithProviders(<Screen />, signedInQueryClient('admin'));
    const headings = async () => (await screen.findAllByTestId('estimate-category')).map((c) => within(c).getByRole('heading').textContent);
    await waitFor(async () => expect(await headings()).toEqual(['Shower Glass', 'Other']));
    const [glass] = await screen.findAllByTestId('estimate-category');
    await waitFor(() => expect(within(glass!).getByTestId('category-note').textContent).toBe('Tempered only.'));
    expect(screen.getByTestId('figure-total').textContent).toBe('$850.00');
    await userEvent.click(within(within(glass!).getByTestId('alternate-choice')).getByText('Alternate'));
    expect(screen.getByTestId('figure-total').textContent).toBe('$1,150.00');
    expect(screen.getByTestId('figure-cost').textContent).toBe('$700.00');
    await waitFor(() => expect(sentBy(calls, 'PATCH')).toMatchObject({ alternate_categories: [1] }));
    // the saved estimate keeps the choice
    expect(screen.getByTestId('figure-total').textContent).toBe('$1,150.00');
  });
});

describe('Convert to Job dialog', () => {
  it("asks the job's number, prefilled by the numbering rule, and sends the one typed; a taken one shows under it", async () => {
    let posts = 0;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/estimates/4/job_number') return json({ data: { number: '26-0143' } });
      if (url.pathname === '/api/estimates/4/convert' && init.method === 'POST') {
        if (++posts === 1) return json({ message: 'The given data was invalid.', errors: { number: ['The number has already been taken.'] } }, 422);
        return json({ data: { id: 9, client_id: 2, name: 'Lobby', number: body(init).job_number, updated_at: '2026-11-01T10:00:00.000Z' } });
      }
      return undefined;
    });
    const stack = renderModalStack('manager');
    let made: Promise<RecordOf<'jobs'> | null> | undefined;
    act(() => void (made = openConvertDialog(stack(), 4)));
    const dialog = await screen.findByRole('dialog', { name: 'Convert to Job' });
    const field = within(dialog).getByLabelText('Job number') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('26-0143'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await within(dialog).findByText('The number has already been taken.');
    expect(sentBy(calls, 'POST')).toEqual({ job_number: '26-0143' });
    await userEvent.clear(field);
    await userEvent.type(field, '26-0150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await expect(made).resolves.toMatchObject({ id: 9, number: '26-0150' });
  });
});
