import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StackGrabber, renderWithProviders } from '../test/render.tsx';
import { alertModal, confirmModal } from './dialogs.tsx';
import type { ModalStackApi } from './modal-stack.tsx';

function setup() {
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />);
  return () => api;
}

describe('confirm and alert', () => {
  it('confirm resolves true on its action, the button named for it (never "Confirm")', async () => {
    const stack = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmModal(stack(), 'Delete this client?', { confirmLabel: 'Delete' });
    });
    expect(await screen.findByText('Delete this client?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByText('Delete this client?')).toBeNull();
  });

  it('confirm resolves false on Cancel', async () => {
    const stack = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmModal(stack(), 'Delete this client type?', { confirmLabel: 'Delete' });
    });
    await screen.findByText('Delete this client type?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('confirm closed any other way (Escape) counts as Cancel', async () => {
    const stack = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = confirmModal(stack(), 'Pull this bom?', { confirmLabel: 'Pull' });
    });
    await screen.findByText('Pull this bom?');
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('alert shows the message with a Close button', async () => {
    const stack = setup();
    let done!: Promise<void>;
    act(() => {
      done = alertModal(stack(), 'Saved.');
    });
    await screen.findByText('Saved.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await expect(done).resolves.toBeUndefined();
    expect(screen.queryByText('Saved.')).toBeNull();
  });
});
