/**
 * A record form wired to the data layer and the error mapper:
 *
 *   const { form, submit, remove } = useRecordForm('clients', { initialValues, fields: ['name', ...] });
 *   <TextField {...form.getInputProps('name')} />
 *   const saved = await submit();   // the saved record, or null (errors already shown)
 *
 * Field errors from the server land under the fields and clear as the user types (platform.md 5);
 * a 409 offers Reload, which refetches the record into the form.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useLoader } from '../ui/loader.tsx';
import { formTarget, reportError } from './error-mapper.tsx';
import { fetchRecord, resourceKeys, useDelete, useSave, type Rec } from './hooks.ts';

const HIDDEN = new Set(['id', 'updated_at', 'created_at', 'deleted_at', 'accessed_at']);

export interface RecordFormOptions<V> {
  initialValues: V;
  /** Keys that are visible fields (server errors for other keys go to a notification). */
  fields?: readonly string[];
  /** Shapes the values into the body sent to the server. */
  transform?: (values: V) => Partial<Rec>;
}

export function useRecordForm<V extends Record<string, unknown>>(resource: ResourceName, options: RecordFormOptions<V>) {
  const form = useForm<V>({ mode: 'controlled', initialValues: options.initialValues, clearInputErrorOnChange: true });
  const save = useSave(resource);
  const del = useDelete(resource);
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
          for (const key of Object.keys(next)) if (key in fresh) (next as Record<string, unknown>)[key] = fresh[key];
          form.setValues(next);
          form.resetDirty(next);
        } catch (e) {
          reportError(e);
        }
      }
    : undefined;

  async function submit(): Promise<Rec | null> {
    form.clearErrors();
    const values = form.getValues();
    try {
      return await loader.run(save.mutateAsync(options.transform ? options.transform(values) : values));
    } catch (e) {
      reportError(e, { form: target, onReload: reload });
      return null;
    }
  }

  async function remove(): Promise<boolean> {
    if (!id) return false;
    try {
      await loader.run(del.mutateAsync(id));
      return true;
    } catch (e) {
      reportError(e);
      return false;
    }
  }

  return { form, submit, remove, reload, busy: save.isPending || del.isPending, isNew: id == null, id };
}
