import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ON_DEVICE, resourceKeys } from '../../resource-kit/records/records.ts';
import { keptWrites } from '../../resource-kit/offline/offline.ts';
import type { QueuedWrite } from '../../resource-kit/offline/write-queue.ts';
import { mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { TimeCardWeek } from './time-card-week.tsx';

const WEEK = '2026-11-22';
const FILTERS = { user_id: 1, start: WEEK, end: '2026-11-28', sort_column: 'date', sort_direction: 'asc' };
const READ_AT = new Date(2026, 10, 26, 8, 30).getTime();

/** 9 h a day Monday to Friday on job 7 (Oregon on Monday): 45 h, 5 over. */
const WEEK_READ = [1, 2, 3, 4, 5].map((d) => ({
  id: 100 + d,
  user_id: 1,
  job_id: 7,
  job_number: '1042',
  job_name: 'Harbor Lofts',
  client_name: 'Acme',
  date: `2026-11-2${2 + d}`,
  hours: 9,
  oregon: d === 1,
  note: '',
}));

/** 1.25 h entered on this device without a connection, on job 154 (known here only by its id). */
const ENTERED_OFFLINE: QueuedWrite = {
  key: 'w1',
  resource: 'time_entries',
  method: 'POST',
  path: '/api/time_entries',
  body: { user_id: 1, job_id: 154, date: '2026-11-24', hours: 1.25, oregon: false, note: '' },
  recordId: null,
  provisionalId: -1,
  label: 'Time Entry 01:15 on 11/24/2026',
  userId: 1,
  queuedAt: '2026-11-26T17:00:00Z',
};

function offlineWithWaiting() {
  // nothing may be asked of the server
  mockFetch(() => undefined);
  onlineManager.setOnline(false);
  keptWrites.publish([ENTERED_OFFLINE]);
}

afterEach(() => {
  onlineManager.setOnline(true);
  keptWrites.publish([]);
});

describe('a time card after a reload without a signal', () => {
  it('with the week kept on the device: the week as last read, "Offline, as of …", with what waits laid over it and its job named as the device knows it', async () => {
    offlineWithWaiting();
    const client = signedInQueryClient('employee');
    client.setQueryData(resourceKeys.list('time_entries', FILTERS), WEEK_READ, { updatedAt: READ_AT });
    // the job as this device last read it (records kept on the device)
    client.setQueryData(resourceKeys.record('jobs', 154), { id: 154, number: null, name: 'Hillside Remodel', client_name: 'Birch Co' });
    renderWithProviders(<TimeCardWeek week={WEEK} userId={1} canEdit />, client);

    expect((await screen.findByTestId('figure-week-total')).textContent).toBe('46:15');
    expect(screen.getByTestId('figure-oregon').textContent).toBe('09:00');
    expect(screen.getByTestId('figure-overtime').textContent).toBe('06:15');
    expect(screen.getByTestId('offline-as-of').textContent).toMatch(/^Offline, as of (Nov 26, )?8:30/);
    const rows = screen.getAllByTestId('time-card-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['1042Harbor Lofts · Acme', 'Hillside RemodelBirch Co']);
    expect(within(rows[1]!).getByLabelText('waiting to sync')).toBeTruthy();
    // the screen asks to keep what it reads on the device
    expect(client.getQueryCache().find({ queryKey: resourceKeys.list('time_entries', FILTERS) })?.meta).toEqual(KEEP_ON_DEVICE);
  });

  it('with nothing of the week on the device: says it shows once online, and adds up nothing', async () => {
    offlineWithWaiting();
    renderWithProviders(<TimeCardWeek week={WEEK} userId={1} canEdit />, signedInQueryClient('employee'));

    expect((await screen.findByTestId('no-rows')).textContent).toBe('You are offline. The week shows once you are back online.');
    expect(screen.getByText('1 entry of this week waits to sync.')).toBeTruthy();
    expect(screen.queryByTestId('figure-week-total')).toBeNull();
    expect(screen.queryByTestId('time-card')).toBeNull();
    expect(screen.queryByText('01:15')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enter Time' })).toBeTruthy();
  });
});
