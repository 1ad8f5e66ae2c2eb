import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { CONFLICT_MESSAGE, NETWORK_MESSAGE, describeError, reportError } from './error-mapper.tsx';
import { HttpError, NetworkError, OfflineRefusal, api } from '../http/http.ts';

function fakeForm(fields: string[]) {
  const errors: Record<string, string> = {};
  return { errors, target: { fields, setFieldError: (f: string, m: string) => (errors[f] = m) } };
}

describe('describeError', () => {
  it('422: first message of each form field onto the field, other keys together in one notice', () => {
    const { target } = fakeForm(['name', 'note']);
    const err = new HttpError(422, {
      message: 'The given data was invalid.',
      errors: { name: ['The name field is required.', 'second'], color: ['Pick a colour.'], _: ['Something else.'] },
    });
    const r = describeError(err, { form: target });
    expect(r.fieldErrors).toEqual({ name: 'The name field is required.' });
    expect(r.notice?.lines).toEqual(['Pick a colour.', 'Something else.']);
  });

  it('422 with only form fields shows no notice; without a form every first message is in the notice', () => {
    const err = new HttpError(422, { message: 'x', errors: { name: ['Bad name.'], email: ['Bad email.'] } });
    expect(describeError(err, { form: fakeForm(['name', 'email']).target }).notice).toBeNull();
    expect(describeError(err).notice?.lines).toEqual(['Bad name.', 'Bad email.']);
  });

  it('403 shows the server message, or Forbidden', () => {
    expect(describeError(new HttpError(403, { message: 'You cannot delete yourself.' })).notice?.lines).toEqual(['You cannot delete yourself.']);
    expect(describeError(new HttpError(403, null)).notice?.lines).toEqual(['Forbidden']);
    expect(describeError(new HttpError(403, { message: '' })).notice?.lines).toEqual(['Forbidden']);
  });

  it('409 says someone else changed the record and offers Reload when it can', () => {
    const r = describeError(new HttpError(409, { message: 'stale' }), { onReload: () => {} });
    expect(r.notice).toEqual({ title: 'Changed elsewhere', lines: [CONFLICT_MESSAGE], reload: true });
    expect(describeError(new HttpError(409, null)).notice?.reload).toBe(false);
  });

  it("409 without a record to reload (a delete refused: still in use) says why in the server's words", () => {
    const message = 'This vendor is used by 2 purchase orders and cannot be deleted.';
    expect(describeError(new HttpError(409, { message })).notice).toEqual({ title: 'Not possible', lines: [message], reload: false });
    expect(describeError(new HttpError(409, { message: '' })).notice?.lines).toEqual([CONFLICT_MESSAGE]);
  });

  it('a network failure says the server could not be reached', () => {
    expect(describeError(new NetworkError(new TypeError('Failed to fetch'))).notice?.lines).toEqual([NETWORK_MESSAGE]);
  });

  it('a write refused offline says why, in its own words', () => {
    const why = 'Undo needs a connection.';
    expect(describeError(new OfflineRefusal(why)).notice).toEqual({ title: 'Offline', lines: [why], reload: false });
  });
});

describe('reportError', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('puts 422 field errors on the form and the rest in one notification', async () => {
    renderWithProviders(<div />);
    const form = fakeForm(['name']);
    reportError(new HttpError(422, { message: 'invalid', errors: { name: ['Name taken.'], client_type_id: ['No such type.'], note: ['Too long.'] } }), {
      form: form.target,
    });
    expect(form.errors).toEqual({ name: 'Name taken.' });
    const notice = await screen.findByText('No such type.');
    expect(screen.getByText('Too long.')).toBeTruthy();
    expect(screen.queryByText('Name taken.')).toBeNull();
    // One notification holds both.
    expect(notice.closest('.mantine-Notification-root')?.textContent).toContain('Too long.');
  });

  it('403 without a message shows Forbidden', async () => {
    renderWithProviders(<div />);
    reportError(new HttpError(403, null));
    expect(await screen.findByText('Forbidden')).toBeTruthy();
  });

  it('409 notification has a Reload button that calls back', async () => {
    renderWithProviders(<div />);
    const onReload = vi.fn();
    reportError(new HttpError(409, { message: 'Conflict' }), { onReload });
    expect(await screen.findByText(CONFLICT_MESSAGE)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('a request that cannot reach the server reports the network failure', async () => {
    renderWithProviders(<div />);
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const err = await api.get('/api/clients').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    reportError(err);
    expect(await screen.findByText(NETWORK_MESSAGE)).toBeTruthy();
  });
});

describe('http client', () => {
  it('fetches the anti-forgery cookie first when missing, then sends it as X-XSRF-TOKEN on writes', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname === '/sanctum/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/clients') return json({ id: 1, name: 'A' }, 201);
      return undefined;
    });
    await api.post('/api/clients', { name: 'A' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/clients']);
    expect(calls[1]!.headers['x-xsrf-token']).toBe('abc==');
    expect(calls[1]!.body).toEqual({ name: 'A' });
  });

  it('turns error statuses into HttpError with the body', async () => {
    mockFetch(() => json({ message: 'The given data was invalid.', errors: { name: ['Required.'] } }, 422));
    const err = (await api.get('/api/clients').catch((e: unknown) => e)) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(422);
    expect(err.body?.errors?.name).toEqual(['Required.']);
  });

  it('retries a write once with a fresh cookie after 419', async () => {
    document.cookie = 'XSRF-TOKEN=old; path=/';
    let posts = 0;
    const calls = mockFetch((url) => {
      if (url.pathname === '/sanctum/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=new; path=/';
        return new Response(null, { status: 204 });
      }
      posts += 1;
      return posts === 1 ? json({ message: 'CSRF token mismatch.' }, 419) : json({ id: 5 }, 201);
    });
    await expect(api.post('/api/clients', {})).resolves.toEqual({ id: 5 });
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.headers['x-xsrf-token'])).toEqual(['old', 'new']));
  });
});
