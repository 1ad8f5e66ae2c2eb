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
 * Live: when someone else changes the record while the form is open, `changedElsewhere`
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
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatWhen } from '@glazier/shared/rules/dates';
import { useCurrentUser } from '../http/session-user.ts';
import { useLiveChange, type LiveChange } from '../live/live-state.ts';
import { useLoader } from '../../ui/loader.tsx';
import { formTarget, reportError, reportSuccess } from './error-mapper.tsx';
import { fieldLabel, fieldText } from './field-text.ts';
import { changedFields, mergeEdits, type EditConflict } from './merge-edits.ts';
import { HttpError } from '../http/http.ts';
import type { RelationDef } from '@glazier/shared/resources/define';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { fieldBounds } from './field-bounds.ts';
import { fetchRecord } from '../records/queries.ts';
import { resourceKeys, type Rec } from '../records/records.ts';
import { useDelete, useSave, type Deleted, type SaveOptions } from '../writes/saves.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';

const HIDDEN = new Set(['id', 'updated_at', 'created_at', 'deleted_at', 'accessed_at']);

/** A saved record's body as sent: its id and version, and the fields that differ from the base's body. */
function pickChanged(base: Record<string, unknown>, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: body.id, updated_at: body.updated_at };
  for (const key of changedFields(base, body)) out[key] = body[key];
  return out;
}

export interface RecordFormOptions<N extends ResourceName, V> {
  initialValues: V;
  /** Keys that are visible fields (server errors for other keys go to a notification). */
  fields?: readonly string[];
  /** Shapes the values into the body sent to the server. */
  transform?: (values: V) => InputOf<N>;
  /**
   * The form's values for a record read again (Reload, Keep mine), when they are not its fields as
   * they are (a product's materials as the dialog's draft lines). `fromFields`: each key of the form
   * from the record, an empty value as the form holds one (the default).
   */
  valuesOf?: (record: RecordOf<N>, fromFields: V) => V;
  /** Where a new record is POSTed instead of the resource's path: a named action creating it (a job's duplicate). */
  createPath?: string;
  /** Kept on the device when saved or deleted without a connection (saves.ts `SaveOptions.offline`). */
  offline?: SaveOptions<N>['offline'];
}

/** Someone else's change of the record open in the form (a live notice, or a save refused with 409). */
export interface ChangedElsewhere {
  /** "Changed by Sam at 3:42 PM: Name, Invoice amount." */
  message: string;
  deleted: boolean;
  /** The record's version after it (null when the notice does not know it: a part of it changed). */
  version: string | null;
}

/** A field both people changed, as the dialog offers it: the two values in words, and which is in the form. */
export interface OpenConflict extends EditConflict {
  /** "Name", or "Product materials, row 2: Qty". */
  label: string;
  mineText: string;
  theirsText: string;
  chosen: 'mine' | 'theirs' | null;
}

const sameVersion = (a: unknown, b: string | null) => b != null && typeof a === 'string' && Date.parse(a) === Date.parse(b);

/** "Changed by Sam at 3:42 PM." */
export function changedElsewhereOf(change: LiveChange): ChangedElsewhere {
  const deleted = change.action === 'delete';
  const who = change.by?.name ?? 'someone else';
  return { message: `${deleted ? 'Deleted' : 'Changed'} by ${who} at ${formatWhen(change.at)}.`, deleted, version: change.version };
}

/** The notice's message naming the fields they changed: "Changed by Sam at 3:42 PM: Name, Invoice amount." */
const namingFields = (resource: ResourceName, message: string, fields: string[]) =>
  fields.length ? `${message.replace(/\.$/, '')}: ${fields.map((f) => fieldLabel(resource, f)).join(', ')}.` : message;

/** A conflict in words: its label and the two values as the screens show them. */
function describeConflict(resource: ResourceName, c: EditConflict): OpenConflict {
  const relation = (RESOURCES[resource].relations as Record<string, RelationDef>)[c.field];
  const [owner, key] = c.rowField && relation ? [relation.resource as ResourceName, c.rowField] : [resource, c.field];
  const label = c.rowField ? `${fieldLabel(resource, c.field)}, row ${c.row}: ${fieldLabel(owner, c.rowField)}` : fieldLabel(resource, c.field);
  return { ...c, label, mineText: fieldText(owner, key, c.mine, '(empty)'), theirsText: fieldText(owner, key, c.theirs, '(empty)'), chosen: null };
}

/** The form's values for a record read again: each key of `shape` from the record, an empty value as `shape` holds one. */
function recordValues<V extends Record<string, unknown>>(record: Rec, shape: V): V {
  const out: Record<string, unknown> = { ...shape };
  for (const key of Object.keys(shape)) {
    if (!(key in record)) continue;
    const v = record[key];
    const empty = typeof shape[key] === 'string' ? '' : Array.isArray(shape[key]) ? [] : null;
    out[key] = v === null || v === undefined ? empty : v;
  }
  return out as V;
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
  const [conflicts, setConflicts] = useState<OpenConflict[]>([]);
  // The record as this form last took it from the server (opened, reloaded, or merged over by Keep
  // mine): what the person changed is the form's difference from it, and only that is sent.
  const base = useRef<V>(options.initialValues);
  const toBody = (values: V) => (options.transform ? options.transform(values) : (values as InputOf<N>)) as Record<string, unknown>;
  const valuesOf = (record: RecordOf<N>) => {
    const fromFields = recordValues(record, base.current);
    return options.valuesOf ? options.valuesOf(record, fromFields) : fromFields;
  };

  const readAgain = () =>
    loader.run(
      queryClient.fetchQuery({
        queryKey: resourceKeys.record(resource, id!),
        queryFn: ({ signal }) => fetchRecord(queryClient, resource, id!, signal),
        staleTime: 0,
      }),
    ) as Promise<RecordOf<N>>;

  const shown = useRef<ChangedElsewhere | null>(null);
  shown.current = changedElsewhere;
  /**
   * Says who changed the record and, once read again, which fields (what they changed since this
   * form's base). A change that moved none of the form's fields (a row of the record saved: only its
   * version moved) is no news while nothing else is shown: the form takes the new version quietly.
   */
  const tellChanged = (notice: ChangedElsewhere) => {
    if (notice.deleted || !id) return setChangedElsewhere(notice);
    void readAgain().then(
      (fresh) => {
        const theirs = changedFields(base.current, valuesOf(fresh)).filter((k) => !HIDDEN.has(k));
        if (!theirs.length && !shown.current) {
          base.current = { ...base.current, updated_at: fresh.updated_at };
          form.setFieldValue('updated_at' as never, fresh.updated_at as never);
          return;
        }
        setChangedElsewhere({ ...notice, message: namingFields(resource, notice.message, theirs) });
      },
      () => setChangedElsewhere(notice), // offline: the notice stands without the fields
    );
  };

  useLiveChange(resource, id, (change) => {
    // Our own saves (this tab's, or another of ours) are no news; a client by an approval link (no id) is someone else.
    if (change.by?.id != null && change.by.id === me) return;
    if (change.action !== 'delete' && sameVersion(form.getValues().updated_at, change.version)) return;
    tellChanged(changedElsewhereOf(change));
  });

  /** Their version becomes the form's values and its base: what was typed is dropped (the person chose it). */
  const reload = id
    ? async () => {
        try {
          const next = valuesOf(await readAgain());
          base.current = next;
          form.setValues(next);
          form.resetDirty(next);
          setChangedElsewhere(null);
          setConflicts([]);
        } catch (e) {
          reportError(e);
        }
      }
    : undefined;

  /**
   * Keeps what this person changed and takes the rest from the record's newer version, field by
   * field and row by row (merge-edits.ts); a field both changed is offered with both values until
   * the person chooses. The newer version becomes the base, so the save sends only their own changes.
   */
  const keepMine = async () => {
    if (!id || !changedElsewhere) return;
    try {
      const fresh = await readAgain();
      const theirs = { ...valuesOf(fresh), updated_at: fresh.updated_at ?? changedElsewhere.version };
      const merged = mergeEdits(base.current, form.getValues(), theirs, HIDDEN);
      base.current = theirs;
      form.setValues({ ...merged.values, updated_at: theirs.updated_at });
      // The newer version is the baseline: only what this person changed is still unsaved.
      form.resetDirty(theirs);
      setConflicts(merged.conflicts.map((c) => describeConflict(resource, c)));
      setChangedElsewhere(null);
      if (merged.keptRows.length) {
        reportSuccess(
          merged.keptRows
            .map(
              (k) =>
                `${fieldLabel(resource, k.field)}, row ${k.row}: kept, as ${k.removedBy === 'mine' ? 'they changed the row you removed' : 'you changed the row they removed'}.`,
            )
            .join(' '),
          { long: true },
        );
      }
    } catch (e) {
      reportError(e);
    }
  };

  /** The person's choice for a field both changed: its value goes into the form. */
  const choose = (path: string, side: 'mine' | 'theirs') => {
    const conflict = conflicts.find((c) => c.path === path);
    if (!conflict) return;
    form.setFieldValue(path as never, (side === 'mine' ? conflict.mine : conflict.theirs) as never);
    setConflicts((all) => all.map((c) => (c.path === path ? { ...c, chosen: side } : c)));
  };

  /**
   * After a 409: when the newer version changed none of the form's fields (only its version moved:
   * this person's own save of one of its rows touched it, a moment before they opened the form),
   * it becomes the base and the save goes again; anything else is for the person to see.
   */
  const onlyVersionMoved = async (): Promise<boolean> => {
    try {
      const fresh = await readAgain();
      const theirs = changedFields(base.current, valuesOf(fresh)).filter((k) => !HIDDEN.has(k));
      if (theirs.length) return false;
      base.current = { ...base.current, updated_at: fresh.updated_at };
      form.setFieldValue('updated_at' as never, fresh.updated_at as never);
      return true;
    } catch {
      return false;
    }
  };

  /** Saves; `retried`: the second try after a 409 that only moved the version. */
  async function send(retried: boolean): Promise<RecordOf<N> | null> {
    form.clearErrors();
    const values = form.getValues();
    const open = conflicts.filter((c) => !c.chosen);
    if (open.length) {
      reportError(new Error(`Choose yours or theirs for ${open.map((c) => c.label).join(', ')} first.`));
      return null;
    }
    const whole = toBody(values);
    const broken = Object.entries(recordRuleErrors(RESOURCES[resource].rules, whole)).filter(([field]) => fields.includes(field));
    if (broken.length) {
      form.setErrors(Object.fromEntries(broken.map(([field, messages]) => [field, messages[0]])));
      return null;
    }
    // A saved record sends what changed, with its id and version: a field its sender never touched
    // is never written (nor cleared) by this save, whatever the record holds by now.
    const body = id == null ? whole : pickChanged(toBody(base.current), whole);
    try {
      return await loader.run(save.mutateAsync(body as InputOf<N>));
    } catch (e) {
      if (id != null && e instanceof HttpError && e.status === 409) {
        if (!retried && (await onlyVersionMoved())) return send(true);
        tellChanged({ message: 'Someone else changed this record while you were editing it.', deleted: false, version: null });
        return null;
      }
      reportError(e, { form: target, onReload: reload });
      return null;
    }
  }
  const submit = () => send(false);
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

  const { field, labelOf } = definitionFields(resource, form);
  return {
    form,
    field,
    labelOf,
    submit,
    remove,
    reload,
    keepMine,
    changedElsewhere,
    conflicts,
    choose,
    busy: save.isPending || del.isPending,
    isNew: id == null,
    id,
  };
}

/**
 * A field's props for its input (`field`): its label and help from the definition (field-text.ts,
 * `fieldLabel`), and the form's value, change and error (a yes/no field as a checkbox's); and its
 * label alone (`labelOf`), for an input bound by hand (a value that moves others as it changes).
 *
 *   <TextField {...field('name')} autoFocusDelayed />
 */
function definitionFields<V extends Record<string, unknown>>(resource: ResourceName, form: UseFormReturnType<V>) {
  const field = (name: keyof V & string) => {
    const def = (RESOURCES[resource].fields as Record<string, FieldDef>)[name];
    return {
      label: fieldLabel(resource, name),
      ...(def?.help && { helper: def.help }),
      ...form.getInputProps(name, def?.kind === 'bool' ? { type: 'checkbox' } : undefined),
    };
  };
  const labelOf = (name: keyof V & string) => fieldLabel(resource, name);
  return { field, labelOf };
}
