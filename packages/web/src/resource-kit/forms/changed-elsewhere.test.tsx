/**
 * A record dialog open on a record someone else changes (issue 37): "Changed by Sam at 3:42 PM"
 * before the save, with Reload (their version into the form) and Keep mine (the save goes through,
 * based on their version). Any record dialog of the kit: a vendor's here.
 */
import type { LiveChange } from '@glazier/shared/actions/live';
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
const vendor = { id: 5, name: 'Acme Supply', updated_at: T1 } as RecordOf<'vendors'>;
// The signed-in user of renderModalStack is user 1.
const bySam = (over: Partial<LiveChange> = {}): LiveChange => ({ r: 'vendors', id: 5, v: T2, a: 'update', by: { id: 2, name: 'Sam' }, at: T2, ...over });

function VendorForm({ record }: { record: RecordOf<'vendors'> }) {
  const dialog = useRecordDialog('vendors', { deleteConfirm: 'Delete this vendor?', initialValues: formValues(record, { name: '' }) });
  return (
    <RecordDialogForm dialog={dialog} canSave canDelete>
      <TextField label="Name" {...dialog.form.getInputProps('name')} />
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
    expect(notice.textContent).toContain(`Changed by Sam at ${formatWhen(T2)}.`);
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Acme Supply West'));
    expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === '/api/vendors/5')).toHaveLength(1);
  });

  it('Keep mine keeps what was typed and saves it over their version', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (init.method === 'PATCH' && url.pathname === '/api/vendors/5')
        return json({ ...(JSON.parse(String(init.body)) as object), updated_at: '2026-11-29T15:50:00.000Z' });
      return undefined;
    });
    const dialog = await openVendor(renderModalStack('admin'));
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine Supply');
    hear(bySam());
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull();
    expect(name.value).toBe('Mine Supply');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ id: 5, name: 'Mine Supply', updated_at: T2 });
  });

  it('Keep mine on a notice without a version (a part of the record changed) reads the version first', async () => {
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/sanctum/csrf-cookie') return new Response(null, { status: 204 });
      if (init.method === 'GET' && url.pathname === '/api/vendors/5') return json({ id: 5, name: 'Acme Supply', updated_at: T2 });
      if (init.method === 'PATCH') return json({ ...(JSON.parse(String(init.body)) as object) });
      return undefined;
    });
    const dialog = await openVendor(renderModalStack('admin'));
    hear(bySam({ v: null, by: { id: null, name: 'Client' } }));
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    expect(notice.textContent).toContain('Changed by Client at');
    await userEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ updated_at: T2 }));
  });

  it("says nothing of the person's own change, of another record's, or of a version the form already holds", async () => {
    mockFetch(() => undefined);
    const dialog = await openVendor(renderModalStack('admin'));
    hear(bySam({ by: { id: 1, name: 'Ada Lovelace' } }));
    hear(bySam({ id: 6 }));
    hear(bySam({ r: 'clients' }));
    hear(bySam({ v: T1 }));
    expect(within(dialog).queryByTestId('changed-elsewhere')).toBeNull();
    // Someone else's real change still shows (the listener was there all along).
    hear(bySam({ a: 'delete', v: null }));
    const notice = await within(dialog).findByTestId('changed-elsewhere');
    expect(notice.textContent).toContain('Deleted by Sam at');
    expect(within(notice).queryByRole('button')).toBeNull();
  });
});
