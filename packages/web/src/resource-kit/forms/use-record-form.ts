/**
 * A record form wired to the data layer and the error mapper:
 *
 *   const { form, submit, remove } = useRecordForm('clients', { initialValues: formValues(client, { name: '' }) });
 *   <TextField {...form.getInputProps('name')} />
 *   const saved = await submit();   // RecordOf<'clients'>, or null (errors already shown)
 *
 * The values are sent as they are (so their keys should be the resource's fields, which
 * `formValues` checks), or shaped by `transform` into the resource's input type.
 *
 * Field errors from the server land under the fields and clear as the user types (docs/platform.md, Errors);
 * a 409 offers Reload, which refetches the record into the form.
 *
 * Live (issue 37): when someone else changes the record while the form is open, `changedElsewhere`
 * says who and when (the dialog shows "Changed by Sam at 3:42 PM" before the save, not a 409 after
 * it), with `reload` (their version into the form) and `keepMine` (what was typed stays, and the
 * save is based on their version, so it goes through: the person chose it). The form's values are
 * its own from when it opened: a refetch of the record never resets what is being typed.
 *
 * `getInputProps` of a number field (int, money, qty, length) also gives the field its declared
 * range (`bounds`, field-bounds.ts), so `<QtyField {...form.getInputProps('qty')} />` shows the
 * server's message for a value out of range before anything is sent. The resource's rules across
 * fields (an end before its start, neither a product nor a name) are held the same way on submit:
 * a broken one shows its message under its field and nothing is sent.
 */
import { recordRuleErrors } from '@glazier/shared/resources/record-rules';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatWhen } from '@glazier/shared/rules/dates';
import { useCurrentUser } from '../http/session-user.ts';
import { useLiveChange, type LiveChange } from '../live/live-state.ts';
import { useLoader } from '../../ui/loader.tsx';
import { formTarget, reportError } from './error-mapper.tsx';
import { fieldBounds } from './field-bounds.ts';
import { fetchRecord } from '../records/queries.ts';
import { resourceKeys, type Rec } from '../records/records.ts';
import { useDelete, useSave, type Deleted, type SaveOptions } from '../writes/saves.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';

const HIDDEN = new Set(['id', 'updated_at', 'created_at', 'deleted_at', 'accessed_at']);

export interface RecordFormOptions<N extends ResourceName, V> {
  initialValues: V;
  /** Keys that are visible fields (server errors for other keys go to a notification). */
  fields?: readonly string[];
  /** Shapes the values into the body sent to the server. */
  transform?: (values: V) => InputOf<N>;
  /** Where a new record is POSTed instead of the resource's path: a named action creating it (a job's duplicate). */
  createPath?: string;
  /** Kept on the device when saved or deleted without a connection (saves.ts `SaveOptions.offline`). */
  offline?: SaveOptions<N>['offline'];
}

/** Someone else's change of the record open in the form (a live notice). */
export interface ChangedElsewhere {
  /** "Changed by Sam at 3:42 PM." */
  message: string;
  deleted: boolean;
  /** The record's version after it (null when the notice does not know it: a part of it changed). */
  version: string | null;
}

const sameVersion = (a: unknown, b: string | null) => b != null && typeof a === 'string' && Date.parse(a) === Date.parse(b);

export function changedElsewhereOf(change: LiveChange): ChangedElsewhere {
  const deleted = change.a === 'delete';
  const who = change.by?.name ?? 'someone else';
  return { message: `${deleted ? 'Deleted' : 'Changed'} by ${who} at ${formatWhen(change.at)}.`, deleted, version: change.v };
}

export function useRecordForm<N extends ResourceName, V extends Record<string, unknown>>(resource: N, options: RecordFormOptions<N, V>) {
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    clearInputErrorOnChange: true,
    enhanceGetInputProps: ({ field }) => {
      const bounds = fieldBounds(resource, String(field));
      return bounds ? { bounds } : {};
    },
  });
  const save = useSave(resource, { createPath: options.createPath, offline: options.offline });
  const del = useDelete(resource, { offline: options.offline });
  const loader = useLoader();
  const queryClient = useQueryClient();
  const id = typeof options.initialValues.id === 'number' ? options.initialValues.id : null;
  const fields = options.fields ?? Object.keys(options.initialValues).filter((k) => !HIDDEN.has(k));
  const target = formTarget(form, fields);
  const me = useCurrentUser()?.id ?? null;
  const [changedElsewhere, setChangedElsewhere] = useState<ChangedElsewhere | null>(null);

  useLiveChange(resource, id, (change) => {
    // Our own saves (this tab's, or another of ours) are no news; a client by an approval link (no id) is someone else.
    if (change.by?.id != null && change.by.id === me) return;
    if (change.a !== 'delete' && sameVersion(form.getValues().updated_at, change.v)) return;
    setChangedElsewhere(changedElsewhereOf(change));
  });

  const reload = id
    ? async () => {
        try {
          const fresh = await loader.run(
            queryClient.fetchQuery({
              queryKey: resourceKeys.record(resource, id),
              queryFn: ({ signal }) => fetchRecord(queryClient, resource, id, signal),
              staleTime: 0,
            }),
          );
          const next = { ...form.getValues() };
          const freshFields: Rec = fresh;
          for (const key of Object.keys(next)) if (key in freshFields) (next as Record<string, unknown>)[key] = freshFields[key];
          form.setValues(next);
          form.resetDirty(next);
          setChangedElsewhere(null);
        } catch (e) {
          reportError(e);
        }
      }
    : undefined;

  /** Keeps what was typed and bases the save on the record's new version (read again when the notice did not say it). */
  const keepMine = async () => {
    if (!id || !changedElsewhere) return;
    try {
      const version =
        changedElsewhere.version ??
        (
          await loader.run(
            queryClient.fetchQuery({
              queryKey: resourceKeys.record(resource, id),
              queryFn: ({ signal }) => fetchRecord(queryClient, resource, id, signal),
              staleTime: 0,
            }),
          )
        ).updated_at ??
        null;
      const untouched = !form.isDirty();
      form.setValues((current) => ({ ...current, updated_at: version }));
      // Only the base moved: an untouched form still closes without asking.
      if (untouched) form.resetDirty();
      setChangedElsewhere(null);
    } catch (e) {
      reportError(e);
    }
  };

  async function submit(): Promise<RecordOf<N> | null> {
    form.clearErrors();
    const values = form.getValues();
    const body = options.transform ? options.transform(values) : (values as InputOf<N>);
    const broken = Object.entries(recordRuleErrors(RESOURCES[resource].rules, body as Record<string, unknown>)).filter(([field]) => fields.includes(field));
    if (broken.length) {
      form.setErrors(Object.fromEntries(broken.map(([field, messages]) => [field, messages[0]])));
      return null;
    }
    try {
      return await loader.run(save.mutateAsync(body));
    } catch (e) {
      reportError(e, { form: target, onReload: reload });
      return null;
    }
  }

  /** Deletes the record: what the server answered (`pending` when kept offline), or null when it did not. */
  async function remove(): Promise<Deleted | null> {
    if (!id) return null;
    try {
      return await loader.run(del.mutateAsync(id));
    } catch (e) {
      reportError(e);
      return null;
    }
  }

  return { form, submit, remove, reload, keepMine, changedElsewhere, busy: save.isPending || del.isPending, isNew: id == null, id };
}
