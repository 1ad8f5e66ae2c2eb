import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { applyChanges, useAddressParams, type SetAddressParams } from './address-params.ts';

const writers: SetAddressParams[] = [];
function Probe() {
  const [params, write] = useAddressParams();
  writers.push(write);
  return <p data-testid="shown">{params.toString()}</p>;
}

const show = (path: string) => {
  const router = createMemoryRouter([{ path: '/analysis', element: <Probe /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
};

describe('the address params', () => {
  it('sets and clears each key, under a prefix when given, and drops the page unless it is changed', () => {
    const current = new URLSearchParams('page=3&ev.page=2&ev.q=x&tab=jobs');
    expect(applyChanges(current, { q: 'dental', tab: null }).toString()).toBe('ev.page=2&ev.q=x&q=dental');
    expect(applyChanges(current, { q: 'y' }, 'ev').toString()).toBe('page=3&ev.q=y&tab=jobs');
    expect(applyChanges(current, { page: '4' }).toString()).toBe('page=4&ev.page=2&ev.q=x&tab=jobs');
  });

  it('gives the same writer on every render, a write included', async () => {
    writers.length = 0;
    show('/analysis?start=2026-01-01');
    await act(async () => writers.at(-1)!((p) => new URLSearchParams({ ...Object.fromEntries(p), end: '2026-12-31' })));
    expect(screen.getByTestId('shown').textContent).toBe('start=2026-01-01&end=2026-12-31');
    expect(writers.length).toBeGreaterThan(1);
    expect(new Set(writers).size).toBe(1);
  });

  it('keeps a write waiting to show to its own router: another router on the same path shows its own address', () => {
    writers.length = 0;
    const first = show('/analysis?tab=jobs');
    // written, and the first router taken away before its address showed the write
    writers.at(-1)!(() => new URLSearchParams('tab=labour'));
    first.unmount();
    show('/analysis?tab=estimates');
    expect(screen.getByTestId('shown').textContent).toBe('tab=estimates');
  });
});
