import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import { openEventDialog } from './schedule-dialogs.tsx';

// Dialog flows with real timers (debounce, transitions) take seconds on a busy machine.

const USERS = [
  { id: 1, name: 'Sam Super', role: 'supervisor', active: true, can_be_scheduled: true },
  { id: 2, name: 'Cal Crew', role: 'employee', active: true, can_be_scheduled: true },
  { id: 3, name: 'Eve Office', role: 'employee', active: true, can_be_scheduled: false },
  { id: 4, name: 'Old Timer', role: 'supervisor', active: false, can_be_scheduled: true },
];
const JOB = { id: 7, number: '26-0100', name: 'Lobby mirrors', client_name: 'Acme' };

describe('Event dialog', () => {
  it('offers only active supervisors and people who can be scheduled, and puts the job on several days with one bulk save', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.cookie = 'XSRF-TOKEN=t; path=/';
    let refuse = true;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/users') return json({ data: USERS });
      if (url.pathname === '/api/jobs/7') return json(JOB);
      if (url.pathname === '/api/events/store_many' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { data: Record<string, unknown>[] };
        if (refuse) {
          refuse = false;
          return json(
            { message: 'The given data was invalid.', errors: { 'data.1.user_id': ['Choose an active supervisor, or someone who can be scheduled.'] } },
            422,
          );
        }
        return json({ data: body.data.map((e, i) => ({ ...e, id: 10 + i, job_number: JOB.number })) });
      }
      return undefined;
    });
    const stack = renderModalStack('supervisor');
    let result!: Promise<unknown>;
    act(() => {
      result = openEventDialog(stack(), { initial: { job_id: 7, date: '2026-11-27' } });
    });
    const d = await screen.findByRole('dialog', { name: 'Add Event' });
    // the chosen job offers its screen
    expect((await within(d).findByRole('link', { name: 'Open job 26-0100' })).getAttribute('href')).toBe('/jobs/7');

    await userEvent.click(within(d).getByLabelText('Supervisor'));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Sam Super', 'Cal Crew']);
    await userEvent.click(screen.getByRole('option', { name: 'Sam Super', hidden: true }));

    // Friday through Tuesday, weekdays only: Friday, Monday, Tuesday
    const through = within(d).getByLabelText('Through');
    await userEvent.type(through, '12/1/2026');
    await userEvent.tab();
    await userEvent.click(within(d).getByRole('button', { name: 'Colour 1' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Colour 5' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    // the bulk save's error of one record lands under its field
    expect(await within(d).findByText('Choose an active supervisor, or someone who can be scheduled.')).toBeTruthy();

    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await expect(result).resolves.toMatchObject({ id: 10, date: '2026-11-27' });
    const bulk = calls.filter((c) => c.method === 'POST');
    expect(bulk).toHaveLength(2);
    expect(bulk.every((c) => c.url.pathname === '/api/events/store_many')).toBe(true);
    const sent = (bulk[1]!.body as { data: Record<string, unknown>[] }).data;
    expect(sent.map((e) => e.date)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01']);
    expect(sent.every((e) => e.job_id === 7 && e.user_id === 1 && e.color === '#e03131,#3b5bdb')).toBe(true);
  });

  it('says why a person typed into the supervisor picker is not offered, and "No matches" for nobody', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/users') return json({ data: USERS });
      return undefined;
    });
    const stack = renderModalStack('supervisor');
    act(() => {
      void openEventDialog(stack(), { initial: { date: '2026-11-27' } });
    });
    const d = await screen.findByRole('dialog', { name: 'Add Event' });
    const picker = await within(d).findByLabelText('Supervisor');
    await userEvent.type(picker, 'eve');
    expect(await screen.findByText('Eve Office cannot be scheduled.')).toBeTruthy();
    await userEvent.clear(picker);
    await userEvent.type(picker, 'old');
    expect(await screen.findByText('Old Timer is inactive and cannot be scheduled.')).toBeTruthy();
    await userEvent.clear(picker);
    await userEvent.type(picker, 'zed');
    expect(await screen.findByText('No matches')).toBeTruthy();
  });
});
