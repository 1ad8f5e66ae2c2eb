/**
 * A record dialog, declared rather than written (docs/platform.md, Dialogs): the right that edits
 * it, its starting values, and its fields in order (record-fields.tsx: each field's input, label
 * and help from the definition; rows, columns, computed values, rules, and slots for what is
 * special). The opener it returns pushes the dialog on the stack and resolves with the saved
 * record, or null.
 *
 *   export const openVendorDialog = plainDialog('vendors', {
 *     testId: 'vendor-dialog',
 *     right: 'inventory',
 *     deleteConfirm: 'Delete this vendor?',
 *     values: ({ record, initial }) => formValues(record, { name: initial?.name ?? '', active: true }),
 *     useFields: ({ isNew }) => ['name', !isNew && 'active'],
 *   });
 *
 * `useFields`, `useAccess`, `useOptions`, `useTransform`, `useEditable` and `useExtra` run as the
 * dialog renders (hooks: they may ask for a right, a setting or a record). An opener given
 * `onOpenRequested` offers Save and Open as well (`addAndOpen`).
 */
import type { Area } from '@glazier/shared/permissions';
import type { RecordOf } from '@glazier/shared/resources/records';
import type { ReactNode } from 'react';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { Center, Loader, Text } from '@mantine/core';
import { useModalTitle, type ModalOptions, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { useRecord } from '../records/queries.ts';
import { useCan } from '../http/session-user.ts';
import { RecordDialogForm, useRecordDialog, useSaveAndOpen, type RecordDialogOptions as FormDialogOptions } from '../forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../forms/record-dialogs.ts';
import type { RecordFormOptions } from '../forms/use-record-form.ts';
import { RecordFields, type FieldEntry } from './record-fields.tsx';

/** What every plain dialog's opener takes: the record or a new one's values, and what follows a delete. */
export interface PlainDialogProps<N extends ResourceName> extends RecordDialogOptions<N> {
  /** Runs after the record is deleted (its detail screen goes back to the list). */
  onDeleted?: () => void;
  /** Told, as a save starts, whether it was Save and Open (true) or Save (false); given, the dialog offers Save and Open. */
  onOpenRequested?: (open: boolean) => void;
  /** A fixed title instead of Add/Edit/{label}. */
  title?: string;
  /** The record's id alone, where the opener has not read it (with `load`). */
  id?: number;
}

export type PlainDialog<N extends ResourceName, V extends Record<string, unknown>> = ReturnType<typeof useRecordDialog<N, V>>;

/** Who may save and delete, where one area's edit right does not say it all. */
export interface Access {
  canSave: boolean;
  canDelete: boolean;
}

interface Shown<L> {
  canEdit: boolean;
  hasRight: boolean;
  /** The dialog's own state (`useLocal`). */
  local: L;
}

interface PlainDialogSpec<N extends ResourceName, V extends Record<string, unknown>, P extends PlainDialogProps<N>, L> {
  testId: string;
  /** A fixed title instead of Add/Edit/{label} (an opener's `title` wins). */
  title?: string;
  /**
   * Read the record before the form starts from it: `id` when the opener gives only its id (the
   * Profile), `fresh` always anew (a product comes with its lines only from its own GET).
   */
  load?: 'id' | 'fresh';
  /** The modal's width (default md). */
  size?: ModalOptions['size'];
  /** The area whose edit right saves and deletes (else the dialog only shows the record). */
  right: Area;
  /** Who saves and deletes, when more than `right` decides (the right is still asked first). */
  useAccess?: (dialog: PlainDialog<N, V>, props: P & { hasRight: boolean }) => Access;
  /** Whether this record may change at all, whoever looks (a pulled bom may not); a hook: it may read a record. */
  useEditable?: (dialog: PlainDialog<N, V>, props: P) => boolean;
  deleteConfirm: string;
  /** The form's starting values (`formValues(record, defaults)`); a hook: it may read the person signed in. */
  values: (props: P) => V;
  /** The fields the save sends (default: every value's). */
  fields?: readonly string[];
  /** How a save kept on the device is named (use-record-form.ts). */
  offline?: RecordFormOptions<N, V>['offline'];
  /** The values as saved, from the form's (use-record-form.ts); a hook: it may read what it needs. */
  useTransform?: (props: P) => RecordFormOptions<N, V>['transform'];
  /** The rest of the record dialog's options (the notice once deleted, a named create's path); a hook. */
  useOptions?: (props: P) => Partial<FormDialogOptions<N, V>>;
  /** The fields in order, with slots (`canEdit`: this person may save; `hasRight`: they hold the area's edit right). */
  useFields: (dialog: PlainDialog<N, V>, props: P & Shown<L>) => readonly FieldEntry<keyof V & string>[];
  /** State of the dialog's own beside the record's values (a day range to add over), given to the hooks below as `local`. */
  useLocal?: (dialog: PlainDialog<N, V>, props: P) => L;
  /** A save of the dialog's own instead of the record's (an event over several days: one bulk save), when it returns one; a hook. */
  useSubmit?: (dialog: PlainDialog<N, V>, props: P & Shown<L>) => PlainDialog<N, V>['onSubmit'] | null;
  /** Extra footer buttons (between Delete and Cancel); a hook. */
  useExtra?: (dialog: PlainDialog<N, V>, props: P & Shown<L>) => ReactNode;
}

export function plainDialog<N extends ResourceName, V extends Record<string, unknown>, P extends PlainDialogProps<N> = PlainDialogProps<N>, L = undefined>(
  resource: N,
  spec: PlainDialogSpec<N, V, P, L>,
): (modals: ModalStackApi, props?: P) => Promise<RecordOf<N> | null> {
  function PlainForm(props: P) {
    const options = spec.useOptions?.(props);
    const dialog = useRecordDialog(resource, {
      deleteConfirm: spec.deleteConfirm,
      onDeleted: props.onDeleted,
      fields: spec.fields,
      offline: spec.offline,
      transform: spec.useTransform?.(props),
      initialValues: spec.values(props),
      ...options,
    });
    const editable = spec.useEditable?.(dialog, props) ?? true; // before the right: a hook runs on every render
    const canEdit = useCan('edit', spec.right) && editable;
    const access = spec.useAccess?.(dialog, { ...props, hasRight: canEdit }) ?? { canSave: canEdit, canDelete: canEdit };
    const local = spec.useLocal?.(dialog, props) as L;
    const shown = { ...props, canEdit: access.canSave, hasRight: canEdit, local };
    const fields = spec.useFields(dialog, shown);
    const own = spec.useExtra?.(dialog, shown);
    const submit = spec.useSubmit?.(dialog, shown);
    // Save (the form's submit, Enter on the last field) and Save and Open differ only in what the opener does next.
    const { dialog: formDialog, extra } = useSaveAndOpen(submit ? { ...dialog, onSubmit: submit } : dialog, props.onOpenRequested, access.canSave);
    return (
      <RecordDialogForm
        dialog={formDialog}
        canSave={access.canSave}
        canDelete={access.canDelete}
        title={props.title ?? spec.title}
        extra={
          own || extra ? (
            <>
              {extra}
              {own}
            </>
          ) : null
        }
      >
        <RecordFields dialog={dialog} fields={fields} />
      </RecordDialogForm>
    );
  }
  const label = RESOURCES[resource].label.toLowerCase();
  /** The record read first (`load`), with the dialog's title, a spinner and a failure said meanwhile. */
  function LoadedForm(props: P) {
    const id = props.record?.id ?? props.id ?? null;
    const fresh = spec.load === 'fresh';
    const query = useRecord(resource, fresh || !props.record ? id : null, fresh ? { staleTime: 0 } : {});
    const loading = id != null && (fresh ? !(query.isFetchedAfterMount && query.data) : !props.record && !query.data);
    // The form titles itself once it shows (Add / Edit, or read-only).
    useModalTitle(loading ? (props.title ?? spec.title ?? RESOURCES[resource].label) : undefined);
    if (loading)
      return query.isError ? (
        <Text c="red">Could not load the {label}.</Text>
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={`Loading the ${label}`} />
        </Center>
      );
    return <PlainForm {...props} record={(fresh ? query.data : (props.record ?? query.data)) ?? null} />;
  }
  const Form = spec.load ? LoadedForm : PlainForm;
  return (modals, props = {} as P) => modals.push<RecordOf<N>>(() => <Form {...props} />, { testId: spec.testId, size: spec.size });
}

/**
 * Opens a dialog with Save and Open; resolves with the saved record and whether the person asked
 * to open it (the caller goes to its screen), or null.
 */
export async function addAndOpen<N extends ResourceName, P extends PlainDialogProps<N>>(
  open: (modals: ModalStackApi, props?: P) => Promise<RecordOf<N> | null>,
  modals: ModalStackApi,
  props: P = {} as P,
): Promise<{ record: RecordOf<N>; open: boolean } | null> {
  let opened = false;
  const record = await open(modals, { ...props, onOpenRequested: (o: boolean) => (opened = o) });
  return record ? { record, open: opened } : null;
}
