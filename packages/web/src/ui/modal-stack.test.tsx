import { Button } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StackGrabber, renderWithProviders } from '../test/render.tsx';
import { useModal, type ModalStackApi } from './modal-stack.tsx';

function Body({ label, value }: { label: string; value: string }) {
  const modal = useModal<string>();
  return (
    <div>
      <p>{label} body</p>
      <Button onClick={() => modal.close(value)}>Finish {label}</Button>
    </div>
  );
}

function setup() {
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />);
  return () => api;
}

const dialogs = () => screen.queryAllByRole('dialog');

describe('modal stack', () => {
  it('stacks pushed modals and resolves the top one with the value it closes with', async () => {
    const stack = setup();
    let first!: Promise<string | null>;
    let second!: Promise<string | null>;
    act(() => {
      first = stack().push<string>(() => <Body label="First" value="one" />, { title: 'First modal' });
    });
    act(() => {
      second = stack().push<string>(() => <Body label="Second" value="two" />, { title: 'Second modal' });
    });
    expect(await screen.findByText('Second body')).toBeTruthy();
    expect(screen.getByText('First body')).toBeTruthy();
    expect(dialogs()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Finish Second' }));
    await expect(second).resolves.toBe('two');
    expect(screen.queryByText('Second body')).toBeNull();
    expect(screen.getByText('First body')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Finish First' }));
    await expect(first).resolves.toBe('one');
    expect(dialogs()).toHaveLength(0);
  });

  it('resolves with null when the top modal is closed from its close button', async () => {
    const stack = setup();
    let p!: Promise<string | null>;
    act(() => {
      p = stack().push<string>(() => <Body label="Only" value="x" />, { title: 'Closable' });
    });
    await screen.findByText('Only body');
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    await expect(p).resolves.toBeNull();
    expect(screen.queryByText('Only body')).toBeNull();
  });

  it('replace swaps the top modal: the replaced one resolves null, the new one keeps the stack depth', async () => {
    const stack = setup();
    let base!: Promise<string | null>;
    let replaced!: Promise<string | null>;
    let replacement!: Promise<string | null>;
    act(() => {
      base = stack().push<string>(() => <Body label="Base" value="b" />);
    });
    act(() => {
      replaced = stack().push<string>(() => <Body label="Old" value="o" />);
    });
    await screen.findByText('Old body');
    act(() => {
      replacement = stack().replace<string>(() => <Body label="New" value="n" />);
    });
    await expect(replaced).resolves.toBeNull();
    expect(await screen.findByText('New body')).toBeTruthy();
    expect(screen.queryByText('Old body')).toBeNull();
    expect(dialogs()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Finish New' }));
    await expect(replacement).resolves.toBe('n');
    expect(screen.getByText('Base body')).toBeTruthy();
    void base;
  });

  it('falls back to the default title (the company name) when none is given', async () => {
    const stack = setup();
    act(() => {
      void stack().push(() => <Body label="Untitled" value="u" />);
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Acme Glass');
  });

  it('puts the test id on the visible dialog element, named by its title', async () => {
    const stack = setup();
    act(() => {
      void stack().push(() => <Body label="Tagged" value="t" />, { title: 'Tagged modal', testId: 'tagged-dialog' });
    });
    const tagged = await screen.findByTestId('tagged-dialog');
    expect(tagged.getAttribute('role')).toBe('dialog');
    expect(tagged).toBe(screen.getByRole('dialog', { name: 'Tagged modal' }));
    expect(tagged.textContent).toContain('Tagged body');
  });

  it('the browser Back action closes the top modal (resolving null) instead of navigating', async () => {
    const stack = setup();
    const startUrl = window.location.href;
    const startLength = window.history.length;
    let first!: Promise<string | null>;
    let second!: Promise<string | null>;
    act(() => {
      first = stack().push<string>(() => <Body label="Lower" value="l" />);
    });
    act(() => {
      second = stack().push<string>(() => <Body label="Upper" value="u" />);
    });
    await screen.findByText('Upper body');
    expect(window.history.length).toBe(startLength + 2);

    act(() => window.history.back());
    await expect(second).resolves.toBeNull();
    await waitFor(() => expect(screen.queryByText('Upper body')).toBeNull());
    expect(screen.getByText('Lower body')).toBeTruthy();
    expect(window.location.href).toBe(startUrl);

    act(() => window.history.back());
    await expect(first).resolves.toBeNull();
    expect(dialogs()).toHaveLength(0);
    expect(window.location.href).toBe(startUrl);
  });

  it('closing a modal in code takes its history entry back out', async () => {
    const stack = setup();
    const marker = () => (window.history.state as Record<string, unknown> | null)?.glazierModal;
    const before = marker();
    let p!: Promise<string | null>;
    act(() => {
      p = stack().push<string>(() => <Body label="Coded" value="c" />);
    });
    await screen.findByText('Coded body');
    expect(marker()).not.toBe(before);
    await userEvent.click(screen.getByRole('button', { name: 'Finish Coded' }));
    await expect(p).resolves.toBe('c');
    // Back on the entry we started from.
    expect(marker()).toBe(before);
  });

  it('waits for a slow history move before resolving, so a late popstate is not taken for Back', async () => {
    const stack = setup();
    const realGo = window.history.go.bind(window.history);
    // A busy page: the browser makes the move long after our settle timer would have run.
    vi.spyOn(window.history, 'go').mockImplementation((delta) => void setTimeout(() => realGo(delta), 900));
    let lower!: Promise<string | null>;
    let upper!: Promise<string | null>;
    act(() => {
      lower = stack().push<string>(() => <Body label="Lower" value="l" />);
    });
    act(() => {
      upper = stack().push<string>(() => <Body label="Upper" value="u" />);
    });
    await screen.findByText('Upper body');
    const upperMarker = (window.history.state as Record<string, unknown>).glazierModal;
    await userEvent.click(screen.getByRole('button', { name: 'Finish Upper' }));
    await expect(upper).resolves.toBe('u');
    // Resolved only once the history has left the upper modal's entry…
    expect((window.history.state as Record<string, unknown>).glazierModal).not.toBe(upperMarker);
    await new Promise((r) => setTimeout(r, 50));
    // …and that move did not close the lower modal as if the user had pressed Back.
    expect(screen.getByText('Lower body')).toBeTruthy();
    let settled = false;
    void lower.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
  }, 10_000);

  it("opens the spec's wide sizes (the product dialog's 5xl is 64rem), which Mantine has no variable for", async () => {
    const stack = setup();
    act(() => {
      void stack().push<string>(() => <Body label="Wide" value="w" />, { title: 'Wide modal', size: '5xl' });
    });
    await screen.findByText('Wide body');
    const sized = document.querySelector<HTMLElement>('[style*="--modal-size"]');
    expect(sized?.style.getPropertyValue('--modal-size')).toBe('64rem');
  });
});
