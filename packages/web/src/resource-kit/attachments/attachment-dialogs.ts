/**
 * The attachments' dialogs as a page and its sections open them: each dialog's code (its form,
 * fields, upload) is fetched when it is opened, not with the job or estimate page that shows the
 * notes, files and images (docs/platform.md, Budgets).
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import type { RecordDialogOptions } from '../forms/record-dialogs.ts';
import type { AttachmentParent } from './parent.ts';

export async function openNoteDialog(modals: ModalStackApi, options: RecordDialogOptions<'notes'> = {}): Promise<RecordOf<'notes'> | null> {
  return (await import('./note-dialog.tsx')).openNoteDialog(modals, options);
}

export async function openFileDialog(modals: ModalStackApi, options: RecordDialogOptions<'files'> = {}): Promise<RecordOf<'files'> | null> {
  return (await import('./file-dialog.tsx')).openFileDialog(modals, options);
}

export async function openImageDialog(modals: ModalStackApi, options: RecordDialogOptions<'images'> = {}): Promise<RecordOf<'images'> | null> {
  return (await import('./image-dialog.tsx')).openImageDialog(modals, options);
}

/** The Add button of a job's or an estimate's Notes. */
export async function addNote(modals: ModalStackApi, parent: AttachmentParent): Promise<RecordOf<'notes'> | null> {
  return (await import('./note-dialog.tsx')).addNote(modals, parent);
}

/** The Add button of a job's or an estimate's Files. */
export async function addFiles(modals: ModalStackApi, parent: AttachmentParent): Promise<RecordOf<'files'> | null> {
  return (await import('./file-dialog.tsx')).addFiles(modals, parent);
}

/** The Add button of a job's or an estimate's Images. */
export async function addImages(modals: ModalStackApi, parent: AttachmentParent): Promise<RecordOf<'images'>[] | null> {
  return (await import('./images-dialog.tsx')).addImages(modals, parent);
}
