/**
 * Unsaved changes: a dialog whose form holds changes asks "Discard unsaved changes?"
 * on Escape, ×, a click outside, Cancel and Back; Keep editing keeps it as it was; an unchanged
 * dialog closes at once. And every dialog's form opens with the focus on its first field.
 */
import { useForm } from '@mantine/form';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StackGrabber, renderWithProviders } from '../test/render.tsx';
import { DialogActions, DialogForm } from './dialog-actions.tsx';
import { CheckField } from './check-field.tsx';
import { useModal, type ModalStackApi } from './modal-stack.tsx';
import { TextField } from './text-field.tsx';

function NameForm({ dirtyFromForm = true }: { dirtyFromForm?: boolean }) {
  const modal = useModal<string>();
  const form = useForm({ mode: 'controlled', initialValues: { name: 'Dental office', active: true } });
  return (
    <DialogForm onSubmit={form.onSubmit((v) => modal.close(v.name))} dirty={dirtyFromForm ? form.isDirty() : undefined} footer={<DialogActions />}>
      <TextField label="Name" {...form.getInputProps('name')} />
      <CheckField label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
    </DialogForm>
  );
}

function setup(dirtyFromForm = true) {
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />);
  let result!: Promise<string | null>;
  act(() => {
    result = api.push<string>(() => <NameForm dirtyFromForm={dirtyFromForm} />, { title: 'Edit Job', testId: 'job-dialog' });
  });
  return { result, dialog: () => screen.findByRole('dialog', { name: 'Edit Job' }) };
}

const question = () => screen.findByRole('dialog', { name: 'Unsaved changes' });

async function editName(d: HTMLElement, text = ' 2') {
  const name = within(d).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
  await userEvent.type(name, text);
  return name;
}

describe('unsaved changes', () => {
  it('an unchanged dialog closes at once on Escape', async () => {
    const { result, dialog } = setup();
    await dialog();
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toBeNull();
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('Escape on a changed dialog asks; Keep editing keeps the dialog and the typed change; Discard closes it', async () => {
    const { result, dialog } = setup();
    const d = await dialog();
    const name = await editName(d);
    await userEvent.keyboard('{Escape}');
    const ask = await question();
    expect(within(ask).getByText('Discard unsaved changes?')).toBeTruthy();
    // The buttons name what they do; the safe one has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep editing' })));
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit Job' })).toBe(d);
    expect(name.value).toBe('Dental office 2');
    await waitFor(() => expect(document.activeElement).toBe(name));

    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await question()).getByRole('button', { name: 'Discard' }));
    await expect(result).resolves.toBeNull();
    await waitFor(() => expect(screen.queryAllByRole('dialog')).toHaveLength(0));
  });

  it('a change typed back to what it was is no change', async () => {
    const { result, dialog } = setup();
    const d = await dialog();
    await editName(d, 'x{Backspace}');
    await userEvent.keyboard('{Escape}');
    await expect(result).resolves.toBeNull();
  });

  it('the ×, Cancel and a click outside ask too', async () => {
    const { result, dialog } = setup();
    const d = await dialog();
    await userEvent.click(within(d).getByRole('checkbox', { name: 'Active' }));

    await userEvent.click(within(d).getByRole('button', { name: 'Close dialog' }));
    await userEvent.click(within(await question()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());

    await userEvent.click(within(d).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await question()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());

    // A click outside: on the modal's overlay.
    fireEvent.click(document.querySelector('.mantine-Modal-overlay')!);
    await userEvent.click(within(await question()).getByRole('button', { name: 'Discard' }));
    await expect(result).resolves.toBeNull();
  });

  it("the browser's Back asks, and Keep editing leaves the dialog open with its history entry back", async () => {
    const { result, dialog } = setup();
    const d = await dialog();
    const name = await editName(d);
    act(() => window.history.back());
    await userEvent.click(within(await question()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(name.value).toBe('Dental office 2');
    expect((window.history.state as Record<string, unknown> | null)?.glazierModal).toBeDefined();

    act(() => window.history.back());
    await userEvent.click(within(await question()).getByRole('button', { name: 'Discard' }));
    await expect(result).resolves.toBeNull();
  });

  it('a form that reports no state counts any typing as a change', async () => {
    const { result, dialog } = setup(false);
    const d = await dialog();
    await editName(d);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await question()).getByRole('button', { name: 'Discard' }));
    await expect(result).resolves.toBeNull();
  });

  it('the form opens with the focus on its first field, not on the close button', async () => {
    const { dialog } = setup();
    const d = await dialog();
    await waitFor(() => expect(document.activeElement).toBe(within(d).getByRole('textbox', { name: 'Name' })));
  });
});
