/**
 * Dialogs one area offers to others that are not a record's own dialog (record-dialogs.ts has
 * those), opened by name so an area opens another's without importing it (features never import
 * each other):
 *
 *   await openAreaDialog(modals, 'cutList', { jobProduct });
 *
 * Each name's options are declared here (the one list); the area that owns a dialog registers its
 * opener, as a lazy import, in its feature declaration (`dialogs`), and app/features.ts hands the
 * table over at start-up.
 */
import type { Label } from '@glazier/shared/rules/shop-floor/labels';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';

/** Each dialog's options and what it resolves with (besides null: closed without an answer). */
export interface AreaDialogs {
  /** A job product's cut list: the view, and the editor with `edit jobs` (shop floor); the saved product. */
  cutList: { options: { jobProduct: RecordOf<'job_products'>; readOnly?: boolean }; answer: RecordOf<'job_products'> };
  /** Print Options for a job: its products to print labels of (shop floor); the labels to print (ui/labels.ts). */
  jobPrintOptions: { options: { jobId: number }; answer: Label[] };
}

export type AreaDialogName = keyof AreaDialogs;
export type AreaDialogOptions = { [K in AreaDialogName]: AreaDialogs[K]['options'] };

export type AreaDialogOpener<K extends AreaDialogName> = (modals: ModalStackApi, options: AreaDialogOptions[K]) => Promise<AreaDialogs[K]['answer'] | null>;

export type AreaDialogRegistry = { [K in AreaDialogName]?: () => Promise<AreaDialogOpener<K>> };

let registry: AreaDialogRegistry = {};

/** Called once at start-up with the app's table (app/features.ts). */
export function registerAreaDialogs(dialogs: AreaDialogRegistry): void {
  registry = dialogs;
}

export async function openAreaDialog<K extends AreaDialogName>(
  modals: ModalStackApi,
  name: K,
  options: AreaDialogOptions[K],
): Promise<AreaDialogs[K]['answer'] | null> {
  // Every name has its area's opener (app/features.ts registers them all at start-up).
  const load = registry[name] as () => Promise<AreaDialogOpener<K>>;
  return (await load())(modals, options);
}
