import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADER_DELAY_MS, LoaderProvider, useLoader, type LoaderApi } from './loader.tsx';

let loader!: LoaderApi;
function Grab() {
  loader = useLoader();
  return null;
}

function setup() {
  render(
    <MantineProvider>
      <LoaderProvider>
        <Grab />
      </LoaderProvider>
    </MantineProvider>,
  );
}

const status = () => screen.queryByRole('status', { name: 'Loading' });

describe('delayed loader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears only when an operation is still running after 250 ms, and hides when it ends', async () => {
    setup();
    let finish!: () => void;
    let run!: Promise<void>;
    act(() => {
      run = loader.run(new Promise<void>((r) => (finish = r)));
    });
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS - 1));
    expect(status()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(status()).not.toBeNull();
    await act(async () => {
      finish();
      await run;
    });
    expect(status()).toBeNull();
  });

  it('never shows for an operation that ends within 250 ms', async () => {
    setup();
    let finish!: () => void;
    let run!: Promise<void>;
    act(() => {
      run = loader.run(new Promise<void>((r) => (finish = r)));
    });
    act(() => vi.advanceTimersByTime(200));
    await act(async () => {
      finish();
      await run;
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(status()).toBeNull();
  });

  it('can be closed by the user while the operation keeps running', () => {
    setup();
    let done!: () => void;
    act(() => {
      done = loader.start();
    });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Hide loader' }));
    expect(status()).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(status()).toBeNull();
    act(() => done());
    // The next operation shows it again.
    act(() => {
      loader.start();
    });
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS));
    expect(status()).not.toBeNull();
  });
});
