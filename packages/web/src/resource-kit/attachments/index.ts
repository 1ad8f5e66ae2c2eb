/**
 * Notes, files and images of a job or an estimate (kit, as both use them). A detail screen shows
 * the sections as tabs and their Add buttons call `addNote` / `addFiles` / `addImages`:
 *
 *   { key: 'notes', label: 'Notes', render: (j) => <NotesSection parent={{ job_id: j.id }} />, onAdd: (j) => void addNote(modals, { job_id: j.id }) }
 */
export type { AttachmentParent } from './parent.ts';
export { NotesSection } from './notes-section.tsx';
export { FilesSection } from './files-section.tsx';
export { ImagesSection } from './images-section.tsx';
export { addNote, openNoteDialog } from './note-dialog.tsx';
export { addFiles, openFileDialog } from './file-dialog.tsx';
export { addImages } from './images-dialog.tsx';
export { openImageDialog } from './image-dialog.tsx';
