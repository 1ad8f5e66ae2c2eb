import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAnalysisState, type AnalysisChanges } from './analysis-range.ts';

let update: (changes: AnalysisChanges) => void = () => {};
function Probe() {
  [, update] = useAnalysisState();
  return null;
}

describe('the analysis range in the address', () => {
  it('two changes made before a render each build on the other (From, then To, typed quickly)', async () => {
    const router = createMemoryRouter([{ path: '/analysis', element: <Probe /> }], { initialEntries: ['/analysis?start=2026-10-01&end=2026-10-31&page=3'] });
    render(<RouterProvider router={router} />);
    // From moves before the range, then To moves to the end of that year: each sees the other's start
    await act(async () => {
      update((now) => ({ start: '2004-01-01', end: '2004-01-01' > now.end ? '2004-01-01' : now.end }));
      update((now) => ({ start: '2004-12-31' < now.start ? '2004-12-31' : now.start, end: '2004-12-31' }));
    });
    const params = new URLSearchParams(router.state.location.search);
    expect([params.get('start'), params.get('end'), params.get('page')]).toEqual(['2004-01-01', '2004-12-31', null]);
  });
});
