import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { openTimeEntryDialog } from './time-entry-dialog.tsx';

// Dialog flows with real timers (debounce, transitions) take seconds on a busy machine.

function open() {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  const client = signedInQueryClient('employee', { name: 'Eli Employee', email: 'eli@example.com' });
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  let result!: Promise<unknown>;
  act(() => {
    result = openTimeEntryDialog(api);
  });
  return { result, dialog: () => screen.findByRole('dialog', { name: 'Time Entry' }) };
}

describe('Time Entry dialog', () => {
  it("shows the server's errors under Job and Hours, and stays open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/users/1') return json({ id: 1, name: 'Eli Employee' });
      if (url.pathname === '/api/time_entries' && init.method === 'POST') {
        return json({ message: 'The given data was invalid.', errors: { job_id: ['Choose a job.'], hours: ['Hours must be more than 0.'] } }, 422);
      }
      return undefined;
    });
    const { dialog } = open();
    const d = await dialog();
    // 0 hours breaks the field's declared rule (more than 0): said under Hours, and nothing is sent.
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('Must be more than 0.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const hours = within(d).getByRole('textbox', { name: 'Hours' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '2');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('Choose a job.')).toBeTruthy();
    expect(within(d).getByText('Hours must be more than 0.')).toBeTruthy();
    // Under their fields (the error is the field's description for screen readers too).
    expect(within(d).getByRole('combobox', { name: 'Job' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(d).getByRole('textbox', { name: 'Hours' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText('Time Entry saved.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Time Entry' })).toBe(d);
  });

  it('untouched, it closes at once on Escape (its default 0 hours breaks a rule, but is no change of the person’s)', async () => {
    mockFetch((url) => (url.pathname === '/api/users/1' ? json({ id: 1, name: 'Eli Employee' }) : undefined));
    const { result, dialog } = open();
    await dialog();
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });

  it('a successful save says so once, with one spinner at most (none in the Save button)', async () => {
    let answer!: (r: Response) => void;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/users/1') return json({ id: 1, name: 'Eli Employee' });
      if (url.pathname === '/api/time_entries' && init.method === 'POST') return new Promise<Response>((r) => (answer = r));
      return undefined;
    });
    const { result, dialog } = open();
    const d = await dialog();
    const hours = within(d).getByRole('textbox', { name: 'Hours' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '2');
    const save = within(d).getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    // While it saves: the app's busy indicator (after 250 ms), not a second spinner in the button.
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(save.hasAttribute('data-loading')).toBe(false);
    expect(d.querySelectorAll('.mantine-Loader-root')).toHaveLength(0);
    // A second click while saving sends nothing more.
    await userEvent.click(save);
    answer(json({ id: 5, user_id: 1, job_id: 3, hours: 2, date: '2026-01-05', note: '', oregon: false }, 201));
    await expect(result).resolves.toMatchObject({ id: 5 });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText('Time Entry saved.')).toBeTruthy();
    expect(screen.getAllByText('Time Entry saved.')).toHaveLength(1);
  });
});
