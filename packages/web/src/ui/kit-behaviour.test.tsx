/** The kit's keyboard and focus rules, in jsdom (Playwright checks them in Chromium too: e2e/dialogs.spec.ts). */
import { Button } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StackGrabber, renderWithProviders } from '../test/render.tsx';
import { DialogActions, DialogForm } from './dialog-actions.tsx';
import { confirmModal } from './dialogs.tsx';
import { CheckField } from './check-field.tsx';
import { useModal, useModalTitle, type ModalStackApi } from './modal-stack.tsx';
import { ReadOnly } from './read-only.tsx';
import { TextAreaField, TextField } from './text-field.tsx';

// Dialog flows with real timers (debounce, transitions) take seconds on a busy machine.

function setup(ui?: React.ReactNode) {
  let api!: ModalStackApi;
  renderWithProviders(
    <>
      <StackGrabber onReady={(a) => (api = a)} />
      {ui}
    </>,
  );
  return () => api;
}

function Form({ onSave, readOnly = false }: { onSave: () => void; readOnly?: boolean }) {
  const modal = useModal();
  useModalTitle('Set inside');
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
      footer={<DialogActions onCancel={() => modal.close(null)} canSave={!readOnly} />}
    >
      <ReadOnly value={readOnly}>
        <TextField label="First" />
        <TextAreaField label="Notes" />
        <Button variant="subtle">A button between fields</Button>
        <TextField label="Last" />
        <CheckField label="Flag" />
      </ReadOnly>
    </DialogForm>
  );
}

describe('the kit', () => {
  it('Enter walks the fields (skipping buttons, not leaving a text area) and submits on the last one', async () => {
    const stack = setup();
    const onSave = vi.fn();
    act(() => void stack().push(() => <Form onSave={onSave} />, { title: 'Pushed title' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set inside' });
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await userEvent.click(field('First'));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(field('Notes'));
    await userEvent.keyboard('line one{Enter}line two');
    expect((field('Notes') as HTMLTextAreaElement).value).toBe('line one\nline two');
    await userEvent.click(field('Last'));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(dialog).getByRole('checkbox', { name: 'Flag' }));
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('a read-only form shows values as read-only text (not disabled), and Enter submits nothing', async () => {
    const stack = setup();
    const onSave = vi.fn();
    act(() => void stack().push(() => <Form onSave={onSave} readOnly />));
    const dialog = await screen.findByRole('dialog', { name: 'Set inside' });
    const first = within(dialog).getByRole('textbox', { name: 'First' }) as HTMLInputElement;
    expect(first.readOnly).toBe(true);
    expect(first.disabled).toBe(false);
    expect(within(dialog).getByRole('checkbox', { name: 'Flag' }).getAttribute('aria-readonly')).toBe('true');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Flag' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Flag' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.click(first);
    await userEvent.keyboard('{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('a closed modal gives the focus back to what opened it', async () => {
    let api!: ModalStackApi;
    const open = () => void api.push(() => <Form onSave={() => {}} />);
    renderWithProviders(
      <>
        <StackGrabber onReady={(a) => (api = a)} />
        <button onClick={open}>Opener</button>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Opener' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Set inside' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a delete confirmation is titled, focuses Cancel, and Enter there cancels', async () => {
    const stack = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmModal(stack(), 'Delete this client?', { danger: true, title: 'Delete Client', confirmLabel: 'Delete' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete Client' });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await userEvent.keyboard('{Enter}');
    await expect(answer).resolves.toBe(false);
  });

  it('a confirmation without a title still has a real one (not the company name)', async () => {
    const stack = setup();
    act(() => void confirmModal(stack(), 'Send this order?', { confirmLabel: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Please confirm' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Acme Glass' })).toBeNull();
  });
});
