/**
 * A record form inside a modal of the stack, with the usual wiring: Save closes the modal with the
 * saved record; Delete asks first, then closes it with null; Cancel closes it with null.
 *
 *   const dialog = useRecordDialog('vendors', {
 *     initialValues: formValues(vendor, { name: '', email: '' }),   // vendor: RecordOf<'vendors'> | null
 *     deleteConfirm: 'Delete this vendor?',
 *   });
 *   return (
 *     <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
 *       <TextField label="Name" {...dialog.form.getInputProps('name')} />
 *     </RecordDialogForm>
 *   );
 *
 * - Title: "Add Vendor" for a new record, "Edit Vendor" when it can be saved, "Vendor" when it is
 *   read-only (from the resource's label; `title` overrides, e.g. "Profile").
 * - Read-only (`canSave` false): every `ui/` field in it shows its value as text, and Cancel reads
 *   Close.
 * - Enter walks the fields and submits on the last one; the footer stays in view; a successful
 *   save or delete says so briefly (one notification) and shows the app's one busy indicator.
 * - It opens on its first field; with unsaved changes, Escape, ×, a click outside, Cancel and Back
 *   ask "Discard unsaved changes?" first; a field holding what cannot be read keeps it from saving
 *   (ui/dialog-actions.tsx).
 *
 * `useRecordForm` (fields, server errors, 409 reload) does the data side; this only adds the modal,
 * which closes with the saved `RecordOf<'vendors'>` (open it with `modals.push<RecordOf<'vendors'>>`).
 */
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useModal, useModalTitle, type ModalHandle } from '../../ui/modal-stack.tsx';
import { ReadOnly } from '../../ui/read-only.tsx';
import { reportSuccess } from './error-mapper.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useRecordForm, type ChangedElsewhere, type OpenConflict, type RecordFormOptions } from './use-record-form.ts';

export interface RecordDialogOptions<N extends ResourceName, V> extends RecordFormOptions<N, V> {
  /** The question asked before deleting (the spec's text). */
  deleteConfirm: string;
  /**
   * Runs once the record is deleted, as the dialog closes (a detail screen notes it, and leaves for
   * its list once the dialog's promise resolves: the history has settled by then).
   */
  onDeleted?: () => void;
  /**
   * The notice once deleted (default "{Label} deleted."), e.g. where to find it again; one with a
   * link (a `NoticeLink`, not plain text) stays long enough to follow it.
   */
  deletedMessage?: ReactNode;
  /** The notice once saved (default "{Label} saved."), e.g. "Job duplicated." for a named create. */
  savedMessage?: string;
}

/** A save kept on the device (offline/offline-writes.ts), to be sent when the connection is back. */
export const OFFLINE_SAVED_MESSAGE = 'Saved on this device: it is sent when you are back online.';
/** A delete kept on the device, likewise. */
export const OFFLINE_DELETED_MESSAGE = 'Deleted on this device: the server is told when you are back online.';

export function useRecordDialog<N extends ResourceName, V extends Record<string, unknown>>(resource: N, options: RecordDialogOptions<N, V>) {
  const modal = useModal<RecordOf<N>>();
  const dialogs = useDialogs();
  const record = useRecordForm(resource, options);
  const label = RESOURCES[resource].label;

  const onSubmit: (event?: FormEvent<HTMLFormElement>) => void = record.form.onSubmit(async () => {
    if (record.busy) return; // a second Enter or click while saving
    const saved = await record.submit();
    if (!saved) return;
    reportSuccess((saved as { pending?: boolean }).pending ? OFFLINE_SAVED_MESSAGE : (options.savedMessage ?? `${label} saved.`));
    modal.close(saved);
  });

  const onDelete = async () => {
    if (!(await dialogs.confirm(options.deleteConfirm, { danger: true, title: `Delete ${label}`, confirmLabel: 'Delete' }))) return;
    const deleted = await record.remove();
    if (!deleted) return;
    if (deleted.pending) reportSuccess(OFFLINE_DELETED_MESSAGE);
    else reportSuccess(options.deletedMessage ?? `${label} deleted.`, { long: options.deletedMessage != null && typeof options.deletedMessage !== 'string' });
    modal.close(null);
    options.onDeleted?.();
  };

  return { ...record, resource, modal, onSubmit, onDelete };
}

/** What the form element needs of any resource's dialog. */
export interface RecordDialog {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onDelete: () => Promise<void>;
  isNew: boolean;
  busy: boolean;
  resource: ResourceName;
  /** Its changes since it opened (Escape, ×, Cancel and Back ask before dropping them). */
  form: { isDirty: () => boolean };
  modal: Pick<ModalHandle<never>, 'close' | 'dismiss'>;
  /** Someone else changed the record while it is open (use-record-form.ts), with the two ways on. */
  changedElsewhere?: ChangedElsewhere | null;
  reload?: () => Promise<void>;
  keepMine?: () => Promise<void>;
  /** Fields both people changed, after Keep mine: each offered with both values until chosen. */
  conflicts?: OpenConflict[];
  choose?: (path: string, side: 'mine' | 'theirs') => void;
}

/**
 * Save and Open (docs/platform.md, Screens and navigation: a job or an estimate saved with save-and-open opens its screen):
 * the dialog's submit tells `onOpenRequested` which of the two buttons saved, and `extra` is the
 * Save and Open button (none when the opener does not ask, or the record cannot be saved).
 *
 *   const { dialog: formDialog, extra } = useSaveAndOpen(dialog, onOpenRequested, canSave);
 *   <RecordDialogForm dialog={formDialog} extra={extra} …>
 */
export function useSaveAndOpen<D extends RecordDialog>(
  dialog: D,
  onOpenRequested: ((open: boolean) => void) | undefined,
  canSave: boolean,
): { dialog: D; extra: ReactNode } {
  const submit = (open: boolean, e?: FormEvent<HTMLFormElement>) => {
    onOpenRequested?.(open);
    dialog.onSubmit(e);
  };
  return {
    dialog: { ...dialog, onSubmit: (e?: FormEvent<HTMLFormElement>) => submit(false, e) },
    extra:
      canSave && onOpenRequested ? (
        <Button variant="light" onClick={() => submit(true)}>
          Save and Open
        </Button>
      ) : null,
  };
}

/** "Add Client", "Edit Client", or "Client" when it can only be read. */
export function recordDialogTitle(label: string, isNew: boolean, canSave: boolean): string {
  if (isNew) return `Add ${label}`;
  return canSave ? `Edit ${label}` : label;
}

interface RecordDialogFormProps {
  dialog: RecordDialog;
  /** Show Save (else the dialog is read-only: values as text, and Cancel reads Close). */
  canSave: boolean;
  /** Offer Delete (only ever for a saved record). */
  canDelete: boolean;
  /** A fixed title instead of Add/Edit/{label} (e.g. "Profile"). */
  title?: string;
  /** Extra footer buttons, between Delete and Cancel. */
  extra?: ReactNode;
  children: ReactNode;
}

/** The form element, the fields in a column, and the footer; sets the modal's title. */
export function RecordDialogForm({ dialog, canSave, canDelete, title, extra, children }: RecordDialogFormProps) {
  useModalTitle(title ?? recordDialogTitle(RESOURCES[dialog.resource].label, dialog.isNew, canSave));
  return (
    <DialogForm
      onSubmit={dialog.onSubmit}
      // A read-only dialog holds nothing to lose.
      dirty={canSave && dialog.form.isDirty()}
      footer={
        <DialogActions
          onCancel={() => dialog.modal.dismiss()}
          onDelete={!dialog.isNew && canDelete ? () => void dialog.onDelete() : null}
          canSave={canSave}
          extra={extra}
        />
      }
    >
      {dialog.changedElsewhere && <ChangedElsewhereNotice dialog={dialog} notice={dialog.changedElsewhere} canSave={canSave} />}
      {canSave && dialog.conflicts && dialog.conflicts.length > 0 && dialog.choose && <BothChanged conflicts={dialog.conflicts} choose={dialog.choose} />}
      <ReadOnly value={!canSave}>{children}</ReadOnly>
    </DialogForm>
  );
}

/**
 * "Changed by Sam at 3:42 PM: Name, Invoice amount." over the fields: Reload shows
 * their version, Keep mine keeps what this person changed and takes the rest of theirs
 * (use-record-form.ts). A deleted record has nothing to reload or keep.
 */
function ChangedElsewhereNotice({ dialog, notice, canSave }: { dialog: RecordDialog; notice: ChangedElsewhere; canSave: boolean }) {
  return (
    <Alert color="yellow" icon={<IconUsers size={18} />} role="alert" data-testid="changed-elsewhere" p="xs">
      <Group justify="space-between" gap="xs">
        <span>{notice.message}</span>
        {!notice.deleted && (
          <Group gap="xs">
            {dialog.reload && (
              <Button size="compact-sm" variant="light" onClick={() => void dialog.reload?.()}>
                Reload
              </Button>
            )}
            {canSave && dialog.keepMine && (
              <Button size="compact-sm" variant="subtle" onClick={() => void dialog.keepMine?.()}>
                Keep mine
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Alert>
  );
}

/**
 * After Keep mine, the fields both people changed: each with both values, and a choice between
 * them (the form holds the chosen one; Save waits until every one is chosen).
 */
function BothChanged({ conflicts, choose }: { conflicts: OpenConflict[]; choose: (path: string, side: 'mine' | 'theirs') => void }) {
  return (
    <Alert color="orange" icon={<IconUsers size={18} />} role="alert" data-testid="both-changed" p="xs" title="You both changed these: choose which to keep">
      <Stack gap={6}>
        {conflicts.map((c) => (
          <div key={c.path} data-testid="both-changed-field">
            <Text size="sm" fw={600}>
              {c.label}
            </Text>
            <Group gap="xs" wrap="wrap">
              {(['mine', 'theirs'] as const).map((side) => (
                <Button
                  key={side}
                  size="compact-sm"
                  variant={c.chosen === side ? 'filled' : 'default'}
                  aria-pressed={c.chosen === side}
                  onClick={() => choose(c.path, side)}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  h="auto"
                  py={4}
                >
                  {side === 'mine' ? 'Yours' : 'Theirs'}: {side === 'mine' ? c.mineText : c.theirsText}
                </Button>
              ))}
            </Group>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}
