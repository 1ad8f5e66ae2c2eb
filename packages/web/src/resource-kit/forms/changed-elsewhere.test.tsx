/**
 * A record dialog open on a record someone else changes: "Changed by Sam at 3:42 PM"
 * before the save, naming the fields they changed, with Reload (their version into the form) and
 * Keep mine (only what this person changed is kept and sent; the rest is theirs; a field
 * both changed is chosen). Any record dialog of the kit: a vendor's here.
 */
import type { LiveChange } from '@glazier/shared/actions/live-wire';
import { formatWhen } from '@glazier/shared/rules/dates';
import type { RecordOf } from '@glazier/shared/resources/records';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderModalStack } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { publishLiveChange } from '../live/live-state.ts';
import { formValues } from './pick.ts';
import { RecordDialogForm, useRecordDialog } from './record-dialog.tsx';

const T1 = '2026-11-29T10:00:00.000Z';
const T2 = '2026-11-29T15:42:00.000Z';
const T3 = '2026-11-29T15:50:00.000Z';
const vendor = { id: 5, name: 'Acme Supply', contact_name: null, email: null, updated_at: T1 } as unknown as RecordOf<'vendors'>;
// The signed-in user of renderModalStack is user 1.
const bySam = (over: Partial<LiveChange> = {}): LiveChange => ({
  resource: 'vendors',
  id: 5,
  version: T2,
  action: 'update',
  by: { id: 2, name: 'Sam' },
  at: T2,
  ...over,
});

function VendorForm({ record }: { record: RecordOf<'vendors'> }) {
  const dialog = useRecordDialog('vendors', {
    deleteConfirm: 'Delete this vendor?',
    initialValues: formValues(record, { name: '', contact_name: '', email: '' }),
  });
  return (
    <RecordDialogForm dialog={dialog} canSave canDelete>
      <TextField {...dialog.field('name')} />
      <TextField {...dialog.field('contact_name')} />
      <TextField {...dialog.field('email')} />
    </RecordDialogForm>
  );
}

async function openVendor(stack: () => ModalStackApi) {
  void stack().push<RecordOf<'vendors'>>(() => <VendorForm record={vendor} />, { testId: 'vendor-dialog' });
  return screen.findByRole('dialog');
}

const hear = (change: LiveChange) => act(() => publishLiveChange(change));

describe('a record dialog when someone else changes its record', () => {
  it('says who and when; Reload puts their version into the form', async () => {
    const calls = mockFetch((url, init) =>
      init.method === 'GET' && url.pathname === '/api/vendors/5' ? json({ id: 5, name: 'Acme Supply West', updated_at: T2 }) : undefined,
    );
    const dialog = await openVendor(renderModalStack('admin'));
    hear(bySam());
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    // as the notice words it: the time alone on the day of the change, with its date on any later day
    expect(notice.textContent).toContain(`Changed by Sam at ${formatWhen(T2)}`);
    // read again to say which fields they changed
    await waitFor(() => expect(notice.textContent).toContain(`Changed by Sam at ${formatWhen(T2)}: Name.`));
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Acme Supply West'));
    expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull();
    // once for the notice's fields, once for Reload (the newest then)
    expect(calls.filter((c) => c.url.pathname === '/api/vendors/5')).toHaveLength(2);
  });

  it('names the fields they changed; Keep mine keeps only what this person changed and takes the rest of theirs', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (init.method === 'GET' && url.pathname === '/api/vendors/5')
        return json({ ...vendor, contact_name: 'Pat Rivera', email: 'pat@acme.example', updated_at: T2 });
      if (init.method === 'PATCH' && url.pathname === '/api/vendors/5')
        return json({ ...vendor, contact_name: 'Pat Rivera', email: 'pat@acme.example', ...(JSON.parse(String(init.body)) as object), updated_at: T3 });
      return undefined;
    });
    const dialog = await openVendor(renderModalStack('admin'));
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine Supply');
    hear(bySam());
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    await waitFor(() => expect(notice.textContent).toContain(`Changed by Sam at ${formatWhen(T2)}: Contact, Email.`));
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull());
    expect(name.value).toBe('Mine Supply');
    // their fields came into the form: the stale empty values are not what is saved
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value).toBe('pat@acme.example');
    expect(within(dialog).queryByTestId('both-changed')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    // only what this person changed is sent, on their version: nothing of theirs is cleared
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ id: 5, name: 'Mine Supply', updated_at: T2 });
  });

  it('a field both changed shows both values, and Save waits until the person chooses', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (init.method === 'GET' && url.pathname === '/api/vendors/5')
        return json({ ...vendor, name: 'Acme Supply West', email: 'west@acme.example', updated_at: T2 });
      if (init.method === 'PATCH') return json({ ...vendor, ...(JSON.parse(String(init.body)) as object), updated_at: T3 });
      return undefined;
    });
    const dialog = await openVendor(renderModalStack('admin'));
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine Supply');
    hear(bySam());
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    const both = await within(dialog).findByTestId('both-changed');
    expect(within(both).getByRole('button', { name: 'Yours: Mine Supply' })).toBeTruthy();
    expect(within(both).getByRole('button', { name: 'Theirs: Acme Supply West' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose yours or theirs for Name first.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.click(within(both).getByRole('button', { name: 'Theirs: Acme Supply West' }));
    expect(name.value).toBe('Acme Supply West');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    // their name kept, and their email never touched by this save
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ id: 5, updated_at: T2 });
  });

  it('a save refused as stale (409, no notice heard) offers Reload and Keep mine over the fields', async () => {
    let patches = 0;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (init.method === 'GET' && url.pathname === '/api/vendors/5') return json({ ...vendor, email: 'pat@acme.example', updated_at: T2 });
      if (init.method === 'PATCH') {
        patches += 1;
        if (patches === 1) return json({ message: 'Conflict' }, 409);
        return json({ ...vendor, ...(JSON.parse(String(init.body)) as object), updated_at: T3 });
      }
      return undefined;
    });
    const dialog = await openVendor(renderModalStack('admin'));
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine Supply');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    await waitFor(() => expect(notice.textContent).toContain('Someone else changed this record while you were editing it: Email.'));
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toBe(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ id: 5, name: 'Mine Supply', updated_at: T2 });
  });

  it('a save refused as stale whose newer version changed none of its fields (a row of it saved meanwhile) is sent again with that version', async () => {
    let patches = 0;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (init.method === 'GET' && url.pathname === '/api/vendors/5') return json({ ...vendor, updated_at: T2 });
      if (init.method === 'PATCH') {
        patches += 1;
        if (patches === 1) return json({ message: 'Conflict' }, 409);
        return json({ ...vendor, ...(JSON.parse(String(init.body)) as object), updated_at: T3 });
      }
      return undefined;
    });
    const dialog = await openVendor(renderModalStack('admin'));
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine Supply');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toBe(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1]?.body).toEqual({ id: 5, name: 'Mine Supply', updated_at: T2 });
    expect(within(document.body).queryByTestId('changed-elsewhere')).toBeNull();
  });

  it("a notice whose record changed none of the form's fields (a part of it changed: no version) shows nothing, and the form takes the new version", async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (init.method === 'GET' && url.pathname === '/api/vendors/5') return json({ ...vendor, updated_at: T2 });
      if (init.method === 'PATCH') return json({ ...vendor, ...(JSON.parse(String(init.body)) as object) });
      return undefined;
    });
    const dialog = await openVendor(renderModalStack('admin'));
    hear(bySam({ version: null, by: { id: null, name: 'Client' } }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/vendors/5').length).toBeGreaterThan(0));
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine Supply');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ id: 5, name: 'Mine Supply', updated_at: T2 }));
    expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull();
  });

  it("says nothing of the person's own change, of another record's, or of a version the form already holds", async () => {
    mockFetch(() => undefined);
    const dialog = await openVendor(renderModalStack('admin'));
    hear(bySam({ by: { id: 1, name: 'Ada Lovelace' } }));
    hear(bySam({ id: 6 }));
    hear(bySam({ resource: 'clients' }));
    hear(bySam({ version: T1 }));
    expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull();
    // Someone else's real change still shows (the listener was there all along).
    hear(bySam({ action: 'delete', version: null }));
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    expect(notice.textContent).toContain('Deleted by Sam at');
    expect(within(notice).queryByRole('button')).toBeNull();
  });
});
