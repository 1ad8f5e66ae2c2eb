/**
 * The record dialogs of every area, opened by resource name, so one area can open another's
 * dialog without importing it (features never import each other):
 *
 *   const vm = await openRecordDialog(modals, 'vendor_materials', { initial: { material_id: id } });
 *   const m = await openRecordDialog(modals, 'materials', { record: material });
 *
 * Each area's `open<Thing>Dialog(modals, { record?, initial? })` is registered, as a lazy import,
 * by its area's feature declaration and gathered by `app/features.ts` (the app is the one place areas
 * are combined); the dialog's code
 * loads on first use. Inside its own area a screen may call its opener directly.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';

export interface RecordDialogOptions<N extends ResourceName> {
  /** The record to show or edit; none (or null) adds a new one. */
  record?: RecordOf<N> | null;
  /** Values a new record starts with (e.g. the parent's id, or a name typed in a picker). */
  initial?: Partial<InputOf<N>>;
}

/** Opens resource `N`'s dialog; resolves with the saved record, or null (cancel, delete, back). */
export type RecordDialogOpener<N extends ResourceName> = (modals: ModalStackApi, options: RecordDialogOptions<N>) => Promise<RecordOf<N> | null>;

export type RecordDialogRegistry = { [N in ResourceName]?: () => Promise<RecordDialogOpener<N>> };

let registry: RecordDialogRegistry = {};

/** Called once at start-up with the app's table (app/features.ts). */
export function registerRecordDialogs(dialogs: RecordDialogRegistry): void {
  registry = dialogs;
}

/** Whether resource `N` has a dialog to open (e.g. to offer "Add New" only where one exists). */
export function hasRecordDialog(resource: ResourceName): boolean {
  return registry[resource] != null;
}

export async function openRecordDialog<N extends ResourceName>(
  modals: ModalStackApi,
  resource: N,
  options: RecordDialogOptions<N> = {},
): Promise<RecordOf<N> | null> {
  const load = registry[resource] as (() => Promise<RecordDialogOpener<N>>) | undefined;
  if (!load) throw new Error(`No dialog is registered for ${resource}.`);
  const open = await load();
  return open(modals, options);
}
