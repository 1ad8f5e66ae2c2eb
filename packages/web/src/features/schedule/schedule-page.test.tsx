import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { SchedulePage } from './schedule-page.tsx';

const today = new Date().toISOString().slice(0, 10);

/** The schedule's reads, the readiness answering only when `answerReadiness` is called. */
function server() {
  let answerReadiness = () => {};
  const readiness = new Promise<void>((resolve) => (answerReadiness = resolve));
  const calls = mockFetch(async (url) => {
    switch (url.pathname) {
      case '/api/events':
        return json({
          data: [{ id: 1, job_id: 7, date: today, color: null, user_id: 3, job_number: '26-0007', job_name: 'Smith', client_name: 'Smith Homes' }],
        });
      case '/api/schedule_notes':
        return json({ data: [] });
      case '/api/users':
        return json({ data: [{ id: 3, name: 'Sam Supervisor', active: true }] });
      case '/api/schedule/readiness':
        await readiness;
        return json({ data: [{ job_id: 7, not_measured: 2, not_ordered: 0, not_fabricated: 0, backordered_lines: 0 }] });
    }
    return undefined;
  });
  return { calls, answerReadiness: () => answerReadiness() };
}

describe('schedule page', () => {
  // An event painted before its readiness and supervisor grew by their lines when they came, moving
  // the rows below it after the calendar had painted (a layout shift of 0.12–0.32 on a phone).
  it('shows the days’ events only once their readiness and supervisor are read, all together', async () => {
    const { calls, answerReadiness } = server();
    const queryClient = signedInQueryClient('admin');
    renderWithProviders(
      <MemoryRouter>
        <SchedulePage />
      </MemoryRouter>,
      queryClient,
    );
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/schedule/readiness')).toBe(true));
    // the events, notes and supervisors are read; the readiness is not: the calendar keeps its place, unseen
    const read = (resource: string) =>
      queryClient.getQueryCache().findAll({ queryKey: [resource, 'list'], predicate: (q) => q.state.status === 'success' }).length > 0;
    await waitFor(() => expect(['events', 'schedule_notes', 'users'].map(read)).toEqual([true, true, true]));
    expect(screen.getByTestId('schedule-calendar').style.visibility).toBe('hidden');
    expect(screen.queryByTestId('schedule-event')).toBeNull();

    answerReadiness();
    const event = await screen.findByTestId('schedule-event');
    expect(screen.getByTestId('schedule-calendar').style.visibility).toBe('');
    expect(event.textContent).toContain('26-0007 · Smith Homes');
    expect(event.textContent).toContain('Sam Supervisor');
    expect(event.getAttribute('data-unready')).toBe('true');
  });
});
