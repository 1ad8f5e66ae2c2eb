import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiServer, renderApp } from '../test/app.tsx';
import { json, mockFetch, sessionUser } from '../test/render.tsx';
import { HttpError } from '../resource-kit/http/http.ts';
import { FORGOT_PASSWORD_ANSWER } from '@glazier/shared/actions/session';

const BAD_CREDENTIALS = 'These credentials do not match our records.';

/** `secondStep`: the account has an authenticator, whose code is `123456`. */
function server({ secondStep = false } = {}) {
  let signedIn = false;
  let pending = false;
  return mockFetch(
    apiServer((url, init) => {
      if (url.pathname === '/login' && init.method === 'POST') {
        const { password } = JSON.parse(String(init.body)) as { password: string };
        if (password !== 'right-pass') return json({ message: BAD_CREDENTIALS, errors: { email: [BAD_CREDENTIALS] } }, 422);
        if (secondStep) pending = true;
        else signedIn = true;
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/login/two_factor' && (init.method ?? 'GET') === 'GET') return json({ pending });
      if (url.pathname === '/login/two_factor' && init.method === 'POST') {
        const { code } = JSON.parse(String(init.body)) as { code: string };
        if (!pending || code !== '123456') return json({ message: 'Invalid.', errors: { code: ['That code is not right, or was used already.'] } }, 422);
        pending = false;
        signedIn = true;
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/forgot_password' && init.method === 'POST') {
        const { email } = JSON.parse(String(init.body)) as { email: string };
        if (!email) return json({ message: 'The given data was invalid.', errors: { email: ['Enter the email address you sign in with.'] } }, 422);
        return json({ message: FORGOT_PASSWORD_ANSWER }, 201);
      }
      if (url.pathname === '/api/user') return signedIn ? json(sessionUser('employee')) : json({ message: 'Unauthenticated.' }, 401);
      return undefined;
    }),
  );
}

async function openLogin() {
  renderApp('/welcome');
  await screen.findByRole('heading', { name: 'Glazier', level: 1 });
  await userEvent.click(screen.getByTestId('user-button'));
  const dialog = await screen.findByTestId('login-dialog');
  expect(dialog).toBe(screen.getByRole('dialog', { name: 'Login' }));
  return dialog;
}

/** The text an input is described by (Mantine links its error there). */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('Login dialog', () => {
  it('shows the server 422 error under the email field and stays open, without logging it as an error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = server();
    const dialog = await openLogin();
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await within(dialog).findByText(BAD_CREDENTIALS)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(description(email)).toContain(BAD_CREDENTIALS);
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('dialog', { name: 'Login' })).toBe(dialog);
    expect(calls.filter((c) => c.url.pathname === '/login')).toHaveLength(1);
    expect(window.location.pathname).toBe('/welcome');
    // an answer the dialog handles is no error in the console
    expect(consoleError.mock.calls.filter((args) => args.some((a) => a instanceof HttpError))).toEqual([]);
    expect(screen.getByTestId('user-button').textContent).toBe('Login');
  });

  it('closes once signed in and goes to the dashboard', async () => {
    server();
    const dialog = await openLogin();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), '  ada@example.com ');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
  });

  it('an account with an authenticator: after the password its code is asked on a step of its own; a wrong one shows under the field', async () => {
    const calls = server({ secondStep: true });
    const dialog = await openLogin();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await within(dialog).findByTestId('second-step')).toBeTruthy();
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await userEvent.type(code, '999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(/not right/)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(code);
    await userEvent.type(code, '123456{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/login/two_factor' && c.method === 'POST').map((c) => c.body)).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);
  });

  it('Forgot password asks for the email (the one typed so far), sends it, and shows the answer; a refusal shows under the field', async () => {
    const calls = server();
    const dialog = await openLogin();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const field = within(dialog).getByRole('textbox', { name: 'Email for the link' });
    expect((field as HTMLInputElement).value).toBe('ada@example.com');
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send me a link' }));
    expect(await within(dialog).findByText('Enter the email address you sign in with.')).toBeTruthy();
    await userEvent.type(field, 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send me a link' }));
    expect(await within(dialog).findByText(/If this address has an account, a link to set a new password is on its way/)).toBeTruthy();
    const sent = calls.filter((c) => c.url.pathname === '/api/forgot_password');
    expect(sent.map((c) => c.body)).toEqual([{ email: '' }, { email: 'ada@example.com' }]);
  });
});
