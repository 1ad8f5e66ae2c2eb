/**
 * Notes, files and images of a job (kit): the real dialogs and sections in real Mantine, with a
 * fake fetch for reads and a fake XMLHttpRequest for the multipart uploads.
 */
import type { Role } from '@glazier/shared/permissions';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StackGrabber, json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { loadNotifications } from '../../ui/notifications-host.tsx';
import { resourceKeys } from '../records/records.ts';
import { uploadForm } from '../http/upload.ts';
import { addFiles, openFileDialog } from './file-dialog.tsx';
import { openImageDialog } from './image-dialog.tsx';
import { addImages } from './images-dialog.tsx';
import { addNote, openNoteDialog } from './note-dialog.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { NotesSection } from './notes-section.tsx';

/** A stand-in for XMLHttpRequest: records each request; the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  /** Like a real one: only a request already sent reports its abort. */
  abort() {
    if (!FakeXhr.sent.includes(this)) return;
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  /** The server's answer; an aborted request, like a real one, reports none. */
  respond(status: number, body: unknown) {
    if (this.aborted) return;
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

afterEach(async () => {
  FakeXhr.sent = [];
  // notices outlive a test in Mantine's store: the next test must not read this one's
  (await loadNotifications()).notifications.clean();
});

function setup(role: Role = 'manager') {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const client = signedInQueryClient(role, { id: 7, name: 'Mia Manager', email: 'mia@example.com' });
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, client);
  return { api: () => api, client };
}

const nextXhr = async (n: number) => {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThanOrEqual(n));
  return FakeXhr.sent[n - 1]!;
};

/** Lets any notice already asked for reach the page (they load with the first one, in order). */
const noticesShown = () => act(async () => void (await loadNotifications()));

describe('uploadForm', () => {
  it('sends nothing once its signal is aborted, and rejects as cancelled', async () => {
    setup();
    const controller = new AbortController();
    controller.abort();
    await expect(uploadForm('/api/files', new FormData(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('File dialog', () => {
  /** Add File on job 12: "Floor plan", plan.pdf, Upload; the dialog, its result and the request sent. */
  async function uploadPlan() {
    const { api } = setup();
    let result!: Promise<unknown>;
    act(() => {
      result = addFiles(api(), { job_id: 12 });
    });
    const d = await screen.findByRole('dialog', { name: 'Add File' });
    await userEvent.type(within(d).getByRole('textbox', { name: 'Description' }), 'Floor plan');
    await userEvent.upload(d.querySelector('input[type=file]') as HTMLInputElement, new File(['%PDF-1.4 x'], 'plan.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    return { d, result, xhr: await nextXhr(1) };
  }

  it('uploads a PDF as multipart with the anti-forgery header and a progress bar', async () => {
    const { d, result, xhr } = await uploadPlan();
    expect([xhr.method, xhr.url, xhr.headers['x-xsrf-token']]).toEqual(['POST', '/api/files', 't']);
    expect(xhr.body!.get('description')).toBe('Floor plan');
    expect(xhr.body!.get('job_id')).toBe('12');
    expect((xhr.body!.get('file') as File).name).toBe('plan.pdf');
    xhr.progress(40, 100);
    expect(await within(d).findByText('Uploading… 40%')).toBeTruthy();
    expect(within(d).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    xhr.respond(201, { id: 3, description: 'Floor plan', job_id: 12, url: '/api/files/3/download', path: 'plan.pdf' });
    await expect(result).resolves.toMatchObject({ id: 3 });
  });

  it("shows the server's refusal of a renamed non-PDF under the file, and stays open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = setup();
    act(() => void addFiles(api(), { job_id: 12 }));
    const d = await screen.findByRole('dialog', { name: 'Add File' });
    await userEvent.type(within(d).getByRole('textbox', { name: 'Description' }), 'Photo');
    await userEvent.upload(d.querySelector('input[type=file]') as HTMLInputElement, new File(['\x89PNG'], 'photo.pdf', { type: 'application/pdf' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    (await nextXhr(1)).respond(422, { message: 'The given data was invalid.', errors: { file: ['Only PDF files can be uploaded.'] } });
    expect(await within(d).findByText('Only PDF files can be uploaded.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add File' })).toBe(d);
  });

  it('Cancel while uploading aborts the upload and says nothing was saved; the fields wait meanwhile', async () => {
    const errors = vi.spyOn(console, 'error');
    const { d, result, xhr } = await uploadPlan();
    xhr.progress(40, 100);
    expect(await within(d).findByText('Uploading… 40%')).toBeTruthy();
    expect(within(d).getByRole('textbox', { name: 'Description' })).toHaveProperty('disabled', true);
    expect(within(d).getByRole('button', { name: 'PDF' })).toHaveProperty('disabled', true);
    expect(within(d).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    const cancel = within(d).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveProperty('disabled', false);

    await userEvent.click(cancel);
    expect(xhr.aborted).toBe(true);
    xhr.respond(201, { id: 3, description: 'Floor plan', job_id: 12 }); // too late: nothing arrives
    await expect(result).resolves.toBeNull();
    await noticesShown();
    expect(screen.queryByText('File saved.')).toBeNull();
    expect(errors).not.toHaveBeenCalled(); // nor an error notice (reportError logs each)
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('refuses a file that is not a PDF by name before sending anything', async () => {
    const { api } = setup();
    act(() => void addFiles(api(), { job_id: 12 }));
    const d = await screen.findByRole('dialog', { name: 'Add File' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(d.querySelector('input[type=file]') as HTMLInputElement, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(d).getByRole('button', { name: 'Upload' }));
    expect(await within(d).findByText('Only PDF files can be uploaded.')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('Images dialog', () => {
  it('asks for at least one image', async () => {
    const { api } = setup();
    act(() => void addImages(api(), { job_id: 12 }));
    const d = await screen.findByRole('dialog', { name: 'Add Images' });
    await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    expect(await within(d).findByText('Please select at least one image.')).toBeTruthy();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('sends images in batches of 5 with image-{index} descriptions, and names the files that are not images', async () => {
    const { api } = setup();
    let result!: Promise<unknown>;
    act(() => {
      result = addImages(api(), { job_id: 12 });
    });
    const d = await screen.findByRole('dialog', { name: 'Add Images' });
    const user = userEvent.setup({ applyAccept: false });
    const files = [
      ...Array.from({ length: 6 }, (_, i) => new File([`img${i}`], `p${i}.jpg`, { type: 'image/jpeg' })),
      new File(['text'], 'readme.txt', { type: 'text/plain' }),
    ];
    await user.upload(d.querySelector('input[type=file]') as HTMLInputElement, files);
    expect(within(d).getAllByTestId('chosen-image')).toHaveLength(7);
    expect((within(d).getByRole('textbox', { name: 'Description of p5.jpg' }) as HTMLInputElement).value).toBe('image-6');
    await user.click(within(d).getByRole('button', { name: 'Upload' }));
    const first = await nextXhr(1);
    expect(first.url).toBe('/api/images/store_many');
    expect(first.body!.getAll('file')).toHaveLength(5);
    expect(first.body!.getAll('description')).toEqual(['image-1', 'image-2', 'image-3', 'image-4', 'image-5']);
    expect(first.body!.get('job_id')).toBe('12');
    first.progress(50, 100);
    expect(within(d).getByRole('progressbar')).toBeTruthy();
    first.respond(200, { data: [1, 2, 3, 4, 5].map((id) => ({ id, description: `image-${id}`, job_id: 12 })) });
    const second = await nextXhr(2);
    expect(second.body!.getAll('description')).toEqual(['image-6']);
    second.respond(200, { data: [{ id: 6, description: 'image-6', job_id: 12 }] });
    const alert = await screen.findByRole('dialog', { name: 'Not images' });
    expect(within(alert).getByText('The following files failed to upload because they are not images: readme.txt')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await expect(result).resolves.toHaveLength(6);
  });

  it("the browser's Back during an upload aborts the batch in flight and sends no further batch", async () => {
    const errors = vi.spyOn(console, 'error');
    const { api, client } = setup();
    let result!: Promise<unknown>;
    act(() => {
      result = addImages(api(), { job_id: 12 });
    });
    const d = await screen.findByRole('dialog', { name: 'Add Images' });
    const files = Array.from({ length: 11 }, (_, i) => new File([`img${i}`], `p${i}.jpg`, { type: 'image/jpeg' }));
    await userEvent.upload(d.querySelector('input[type=file]') as HTMLInputElement, files);
    await userEvent.click(within(d).getByRole('button', { name: 'Upload' }));
    const first = await nextXhr(1);
    // while it goes, the list of images cannot change; Cancel still can
    expect(within(d).getByRole('textbox', { name: 'Description of p0.jpg' })).toHaveProperty('disabled', true);
    expect(within(d).getByRole('button', { name: 'Remove p10.jpg' })).toHaveProperty('disabled', true);
    expect(within(d).getByRole('button', { name: 'Choose Images' })).toHaveProperty('disabled', true);
    expect(within(d).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(within(d).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
    first.respond(200, { data: [1, 2, 3, 4, 5].map((id) => ({ id, description: `image-${id}`, job_id: 12 })) });
    const second = await nextXhr(2);
    expect(second.body!.getAll('description')).toEqual(['image-6', 'image-7', 'image-8', 'image-9', 'image-10']);

    act(() => window.history.back());
    await expect(result).resolves.toBeNull();
    expect(second.aborted).toBe(true);
    await noticesShown();
    expect(FakeXhr.sent).toHaveLength(2); // the third batch (image-11) never went
    expect(screen.queryByText(/images? saved/)).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    // the first batch is stored, and kept as such
    expect(client.getQueryData(resourceKeys.record('images', 5))).toMatchObject({ description: 'image-5' });
  });
});

describe('Note dialog and NotesSection', () => {
  it('lists the job’s notes, and an estimate’s note offers Show on Job only with `edit estimates`', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/notes') {
        // the job's own notes and its estimate's Show on Job ones (the relation's `via`)
        expect(url.searchParams.get('on_job')).toBe('12');
        return json({
          data: [
            {
              id: 1,
              job_id: 12,
              estimate_id: null,
              note: 'Measure the north wall',
              internal_only: true,
              show_on_job: false,
              created_at: '2026-11-20T10:00:00Z',
            },
            {
              id: 2,
              job_id: null,
              estimate_id: 4,
              note: 'Client wants bevelled edges',
              internal_only: false,
              show_on_job: true,
              created_at: '2026-11-19T10:00:00Z',
            },
          ],
        });
      }
      return undefined;
    });
    const { api } = setup('manager');
    renderWithProviders(<NotesSection parent={{ job_id: 12 }} />);
    expect(await screen.findByText('Measure the north wall')).toBeTruthy();
    expect(screen.getByText('Internal')).toBeTruthy();
    // the estimate's note says where it comes from
    expect(screen.getByText('From the Estimate').closest('button')?.textContent).toContain('Client wants bevelled edges');

    act(() => void addNote(api(), { estimate_id: 4 }));
    const d = await screen.findByRole('dialog', { name: 'Add Note' });
    expect(within(d).getByRole('switch', { name: 'Show on Job' })).toBeTruthy();
    expect(within(d).getByRole('checkbox', { name: 'Internal Only' })).toBeTruthy();
  });

  it('a job’s note has no Show on Job', async () => {
    const { api } = setup('manager');
    act(() => void addNote(api(), { job_id: 12 }));
    const d = await screen.findByRole('dialog', { name: 'Add Note' });
    expect(within(d).queryByRole('switch', { name: 'Show on Job' })).toBeNull();
  });

  it('an estimate’s note shown on the job is read-only without `edit estimates`, though the job’s own are not', async () => {
    const { api } = setup('supervisor');
    const shown = {
      id: 2,
      job_id: null,
      estimate_id: 4,
      note: 'Client wants bevelled edges',
      internal_only: false,
      show_on_job: true,
      created_at: '2026-11-19T10:00:00Z',
      updated_at: '2026-11-19T10:00:00Z',
    };
    act(() => void openNoteDialog(api(), { record: shown as RecordOf<'notes'> }));
    const d = await screen.findByRole('dialog', { name: /Note/ });
    expect(within(d).queryByRole('button', { name: 'Save' })).toBeNull();
    act(() => void openNoteDialog(api(), { record: { ...shown, id: 3, job_id: 12, estimate_id: null } as RecordOf<'notes'> }));
    const own = (await screen.findAllByRole('dialog', { name: /Note/ })).at(-1)!;
    expect(within(own).getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('without `edit estimates` Show on Job is read-only', async () => {
    const { api } = setup('supervisor');
    act(() => void addNote(api(), { estimate_id: 4 }));
    const d = await screen.findByRole('dialog', { name: 'Add Note' });
    expect(within(d).getByRole('switch', { name: 'Show on Job' }).getAttribute('aria-readonly')).toBe('true');
  });
});

describe('an estimate’s file and image', () => {
  const file = {
    id: 3,
    description: 'Drawing',
    path: 'd.pdf',
    url: '/api/files/3/download',
    job_id: null,
    estimate_id: 4,
    show_on_job: true,
    user_id: 7,
    created_at: '2026-11-19T10:00:00Z',
    updated_at: '2026-11-19T10:00:00Z',
  };
  const image = {
    id: 5,
    description: 'Lobby wall',
    url: '/api/images/5/full',
    thumb_url: '/api/images/5/thumb',
    job_id: null,
    estimate_id: 4,
    user_id: 7,
    created_at: '2026-11-19T10:00:00Z',
    updated_at: '2026-11-19T10:00:00Z',
  };

  it('are read-only without `edit estimates`, even to their uploader, and editable with it', async () => {
    const { api } = setup('supervisor'); // edit jobs and images, view estimates; user 7 uploaded both
    act(() => void openFileDialog(api(), { record: file as RecordOf<'files'> }));
    let d = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(d).queryByRole('button', { name: 'Save' })).toBeNull();
    act(() => void openImageDialog(api(), { record: image as RecordOf<'images'> }));
    d = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(d).queryByRole('button', { name: 'Save' })).toBeNull();
    // the same image on a job is the uploader's to change
    act(() => void openImageDialog(api(), { record: { ...image, id: 6, job_id: 12, estimate_id: null } as RecordOf<'images'> }));
    d = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(d).getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('are editable by a manager (edit estimates)', async () => {
    const { api } = setup('manager');
    act(() => void openFileDialog(api(), { record: file as RecordOf<'files'> }));
    const d = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(d).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
