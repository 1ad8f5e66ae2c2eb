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
        } catch (e) {
          reportError(e);
        }
      }
    : undefined;

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

  return { form, submit, remove, reload, busy: save.isPending || del.isPending, isNew: id == null, id };
}
