import type { CalendarFeed } from '@glazier/shared/actions/schedule';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { CalendarFeedsSection } from './calendar-feeds-section.tsx';

function server(feeds: CalendarFeed[]) {
  let n = 0;
  return mockFetch((url, init) => {
    if (url.pathname === '/sanctum/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=t';
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/calendar_feeds' && init.method === 'GET') return json({ data: feeds });
    const one = /^\/api\/calendar_feeds\/(mine|shop)$/.exec(url.pathname);
    if (one && init.method === 'POST') {
      const kind = one[1] as CalendarFeed['kind'];
      const feed = { kind, created_at: new Date().toISOString() };
      feeds.splice(0, feeds.length, ...feeds.filter((f) => f.kind !== kind), feed);
      const http = `http://server/api/calendar/TOKEN${++n}.ics`;
      return json({ data: feed, token: `TOKEN${n}`, url: http, webcal_url: http.replace('http:', 'webcal:') }, 201);
    }
    if (one && init.method === 'DELETE') {
      feeds.splice(0, feeds.length, ...feeds.filter((f) => f.kind !== one[1]));
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

describe('calendar feeds on the Profile', () => {
  it('offers an employee their own feed only, and shows its webcal link once, with Copy', async () => {
    const calls = server([]);
    renderWithProviders(<CalendarFeedsSection />, signedInQueryClient('employee'));
    const mine = await screen.findByTestId('calendar-feed-mine');
    expect(screen.queryByTestId('calendar-feed-shop')).toBeNull();
    expect(screen.getByText(/See your schedule in your phone's calendar/)).toBeTruthy();
    expect(within(mine).getByText('Off')).toBeTruthy();
    await userEvent.click(within(mine).getByRole('button', { name: 'Turn on' }));
    const field = (await within(mine).findByRole('textbox', { name: 'My jobs calendar link' })) as HTMLInputElement;
    expect(field.value).toBe('webcal://server/api/calendar/TOKEN1.ics');
    expect(within(mine).getByRole('button', { name: 'Copy' })).toBeTruthy();
    await waitFor(() => expect(within(mine).getByText('On')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/calendar_feeds/mine']);
  });

  it('regenerates and turns off a feed only after a confirmation; the whole shop for those who edit jobs', async () => {
    const calls = server([{ kind: 'shop', created_at: '2026-11-01T10:00:00.000Z' }]);
    renderWithProviders(<CalendarFeedsSection />, signedInQueryClient('manager'));
    const shop = await screen.findByTestId('calendar-feed-shop');
    expect(within(shop).getByText(/Link made/)).toBeTruthy();

    await userEvent.click(within(shop).getByRole('button', { name: 'Regenerate' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Calendars subscribed with the old link stop updating');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    expect(((await within(shop).findByRole('textbox', { name: 'Whole shop calendar link' })) as HTMLInputElement).value).toBe(
      'webcal://server/api/calendar/TOKEN1.ics',
    );

    await userEvent.click(within(shop).getByRole('button', { name: 'Turn off' }));
    const off = await screen.findByTestId('confirm-dialog');
    await userEvent.click(within(off).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(shop).getByRole('button', { name: 'Turn off' }));
    await userEvent.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(shop).getByRole('button', { name: 'Turn on' })).toBeTruthy());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/calendar_feeds/shop',
      'DELETE /api/calendar_feeds/shop',
    ]);
  });
});
