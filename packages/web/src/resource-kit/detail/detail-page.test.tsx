import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordOf } from '@glazier/shared/resources/records';
import { json, mockFetch, renderWithProviders, StackGrabber } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { DetailPage, useRouteId, type DetailPageProps } from './detail-page.tsx';
import { hasRecordDialog, openRecordDialog, registerRecordDialogs } from '../forms/record-dialogs.ts';

const vendor: RecordOf<'vendors'> = { id: 7, name: 'Clear Glass Supply', contact_name: 'Jo', email: 'jo@example.com', phone: '15035550100', active: true };

function Location() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

function Screen(props: Partial<DetailPageProps<'vendors'>>) {
  const id = useRouteId('vendor_id');
  return (
    <DetailPage
      resource="vendors"
      id={id}
      parent={{ label: 'Vendors', to: '/lists/vendors' }}
      subtitle={(v) => v.contact_name}
      fields={[
        { label: 'Email', value: (v) => v.email },
        { label: 'Secret', value: () => 'hidden value', hidden: () => true },
      ]}
      sections={[
        { key: 'materials', label: 'Materials', render: (v) => <p>materials of {v.id}</p> },
        { key: 'orders', label: 'Orders', render: () => <p>the orders</p> },
      ]}
      {...props}
    />
  );
}

function show(path: string, props: Partial<DetailPageProps<'vendors'>> = {}) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/lists/vendors/:vendor_id"
          element={
            <>
              <Screen {...props} />
              <Location />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DetailPage', () => {
  it('offline with nothing cached says it is offline, not that the record could not load or is missing', async () => {
    const calls = mockFetch(() => json(vendor));
    onlineManager.setOnline(false);
    try {
      show('/lists/vendors/7');
      expect(await screen.findByText('You are offline. This record shows once you are back online.')).toBeTruthy();
      expect(screen.getByRole('link', { name: /Vendors/ })).toBeTruthy();
      expect(screen.queryByText('Not found')).toBeNull();
      expect(calls).toHaveLength(0);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('heads the screen by the record (its name, by default), shows its key fields and opens the first tab', async () => {
    mockFetch((url) => (url.pathname === '/api/vendors/7' ? json(vendor) : undefined));
    show('/lists/vendors/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Clear Glass Supply' })).toBeTruthy();
    expect(document.title).toBe('Clear Glass Supply · Glazier');
    expect(screen.getByText('jo@example.com')).toBeTruthy();
    expect(screen.queryByText('hidden value')).toBeNull();
    expect(screen.getByRole('link', { name: 'Vendors' }).getAttribute('href')).toBe('/lists/vendors');
    expect(screen.getByText('materials of 7')).toBeTruthy();
    expect(screen.queryByText('the orders')).toBeNull();
  });

  it('takes a title of its own over the record name', async () => {
    mockFetch((url) => (url.pathname === '/api/vendors/7' ? json(vendor) : undefined));
    show('/lists/vendors/7', { title: (v) => `Supplier ${v.name ?? ''}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Supplier Clear Glass Supply' })).toBeTruthy();
  });

  it('keeps the open tab in the address', async () => {
    mockFetch((url) => (url.pathname === '/api/vendors/7' ? json(vendor) : undefined));
    show('/lists/vendors/7?tab=orders');
    expect(await screen.findByText('the orders')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Materials' }));
    expect(await screen.findByText('materials of 7')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/lists/vendors/7');
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/lists/vendors/7?tab=orders'));
  });

  it("gives a section's Add button the record", async () => {
    mockFetch((url) => (url.pathname === '/api/vendors/7' ? json(vendor) : undefined));
    const onAdd = vi.fn();
    show('/lists/vendors/7', { sections: [{ key: 'materials', label: 'Materials', render: () => null, onAdd, addLabel: 'Add Material' }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Material' }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ id: 7, name: 'Clear Glass Supply' }));
  });

  it('says "not found" for an unknown id, and for an address that is no id without asking the server', async () => {
    const calls = mockFetch((url) => (url.pathname === '/api/vendors/8' ? json({ message: 'Not found.' }, 404) : undefined));
    const first = show('/lists/vendors/8');
    expect(await screen.findByTestId('detail-not-found')).toBeTruthy();
    // …with a way home, beside the link to its list
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    first.unmount();
    show('/lists/vendors/abc');
    expect(screen.getByTestId('detail-not-found')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/vendors/')).map((c) => c.url.pathname)).toEqual(['/api/vendors/8']);
  });
});

describe('record dialog registry', () => {
  it('opens the registered dialog of a resource with its options, and refuses one not registered', async () => {
    let modals!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(m) => (modals = m)} />);
    const opener = vi.fn(async () => ({ ...vendor, id: 9 }));
    registerRecordDialogs({ vendors: async () => opener });
    expect(hasRecordDialog('vendors')).toBe(true);
    expect(hasRecordDialog('materials')).toBe(false);
    let saved: unknown;
    await act(async () => {
      saved = await openRecordDialog(modals, 'vendors', { initial: { name: 'New' } });
    });
    expect(opener).toHaveBeenCalledWith(modals, { initial: { name: 'New' } });
    expect(saved).toMatchObject({ id: 9 });
    await expect(openRecordDialog(modals, 'materials')).rejects.toThrow('No dialog is registered for materials.');
    registerRecordDialogs({});
  });
});
