/**
 * Writing records: saves, deletes and restores over the generic API, for any resource of the
 * registry. Each writes its answer into the cache (queries.ts `storeRecords`/`forgetRecord`), so
 * every screen refreshes without a reload.
 *
 *   const save = useSave('clients');  await save.mutateAsync({ id, name });  // POST or PATCH, InputOf<'clients'>
 *   const saveMany = useSaveMany('job_products');  const del = useDelete('clients');
 *   const restore = useRestore('products');  await restore.mutateAsync(id);   // the records.restore action (soft-deleted ones)
 *
 * Field work (a time entry, a to-do tick) may be saved without a connection: with `offline`, the
 * write is kept on the device and sent later (offline/offline-writes.ts). A named action's write
 * cannot be kept: `sendWhenOnline` refuses it, saying why, while it cannot go.
 */
import type { ListResponse } from '@glazier/shared/api';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import type { ResourceName } from '@glazier/shared/resources/registry';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callAction } from '../http/actions.ts';
import { cachedRecords } from '../records/cached-records.ts';
import { OfflineRefusal, http } from '../http/http.ts';
import { offlineWritesModule } from '../offline/offline-wiring.ts';
import type { OfflineWrite } from '../offline/offline-writes.ts';
import { forgetRecord, storeRecords } from '../records/queries.ts';
import { resourcePath } from '../records/records.ts';

/** Strips what the client keeps for itself before sending a whole record. */
function body(record: object): Record<string, unknown> {
  const { accessed_at: _a, current: _c, ...rest } = record as Record<string, unknown>;
  return rest;
}

export interface SaveOptions<N extends ResourceName> {
  /** Where a new record is POSTed: a named action that creates it and answers it (e.g. `actionPath(duplicateJob, { id })`). */
  createPath?: string;
  /**
   * Field work that may be done without a connection (a time entry, a to-do check-off): made
   * offline, or failing for want of a network, the save is kept on the device and sent later
   * (offline/offline-writes.ts); it resolves at once with a provisional record (`pending: true`).
   */
  offline?: OfflineWrite<InputOf<N>>;
}

/**
 * PATCH a record with an id, else POST it: to the resource's base path, or to `createPath`. A
 * PATCH may carry only the changed fields (use-record-form.ts sends no others): kept offline, the
 * record the screens show meanwhile is this device's copy with them laid over (`queryClient`).
 */
export async function saveRecord<N extends ResourceName>(
  resource: N,
  record: InputOf<N>,
  options: SaveOptions<N> = {},
  queryClient?: QueryClient,
): Promise<RecordOf<N>> {
  type T = RecordOf<N>;
  const base = resourcePath(resource);
  const method = record.id ? 'PATCH' : 'POST';
  const path = record.id ? `${base}/${record.id}` : (options.createPath ?? base);
  const sendNow = async (idempotencyKey?: string) => (await http<T>(method, path, { body: body(record), idempotencyKey })).data;
  if (!options.offline) return sendNow();
  const { saveOrKeep } = await offlineWritesModule();
  const known = record.id && queryClient ? cachedRecords(queryClient, resource).find((r) => r.id === record.id) : undefined;
  return saveOrKeep<T>(
    resource,
    method,
    path,
    body(record),
    options.offline as OfflineWrite<T>,
    sendNow,
    known ? { ...body(known), ...body(record) } : undefined,
  );
}

/**
 * A record's write by a named action (the offline queue keeps saves and deletes, not actions): sent
 * when it can go now, else refused with `OfflineRefusal(whyNot)`: the browser is offline, or a
 * write of the record kept on the device still waits (the action must not overtake it).
 */
export async function sendWhenOnline<T>(resource: ResourceName, id: number, whyNot: string, send: () => Promise<T>): Promise<T> {
  const { mustWait } = await offlineWritesModule();
  if (mustWait(resource, id)) throw new OfflineRefusal(whyNot);
  return send();
}

export function useSave<N extends ResourceName>(resource: N, options: SaveOptions<N> = {}) {
  const queryClient = useQueryClient();
  return useMutation<RecordOf<N>, Error, InputOf<N>>({
    mutationFn: (record) => saveRecord(resource, record, options, queryClient),
    // a save that may be kept offline runs offline too (TanStack would hold it until online)
    networkMode: options.offline ? 'always' : undefined,
    onSuccess: (saved) => storeRecords(queryClient, resource, [saved]),
  });
}

export function useSaveMany<N extends ResourceName>(resource: N) {
  const queryClient = useQueryClient();
  return useMutation<RecordOf<N>[], Error, InputOf<N>[]>({
    mutationFn: async (records) => {
      const { data } = await http<ListResponse<RecordOf<N>>>('POST', `${resourcePath(resource)}/store_many`, { body: { data: records.map(body) } });
      return data.data;
    },
    onSuccess: (saved) => storeRecords(queryClient, resource, saved),
  });
}

/** What a delete answers: the id, and `pending` when it was kept on the device to be sent later. */
export interface Deleted {
  id: number;
  pending?: true;
}

/**
 * DELETE a record. With `offline` (field work), made without a connection or failing for want of
 * one, the delete is kept on the device and sent later (offline/offline-writes.ts), named by the
 * record as this device has it (cached-records.ts; the resource definitions are not imported here:
 * they would weigh on the first screen).
 */
export async function deleteRecord<N extends ResourceName>(
  queryClient: QueryClient,
  resource: N,
  id: number,
  offline?: OfflineWrite<RecordOf<N>>,
): Promise<Deleted> {
  const path = `${resourcePath(resource)}/${id}`;
  const sendNow = async (idempotencyKey?: string) => (await http<{ id: number }>('DELETE', path, { idempotencyKey })).data;
  if (!offline) return sendNow();
  const record = cachedRecords(queryClient, resource).find((r) => r.id === id) as RecordOf<N> | undefined;
  const { deleteOrKeep } = await offlineWritesModule();
  return deleteOrKeep(resource, path, id, record ? offline.label(record) : `record ${id}`, sendNow);
}

export function useDelete<N extends ResourceName>(resource: N, options: Pick<SaveOptions<N>, 'offline'> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Deleted, Error, number>({
    mutationFn: (id) => deleteRecord(queryClient, resource, id, options.offline as OfflineWrite<RecordOf<N>> | undefined),
    networkMode: options.offline ? 'always' : undefined,
    onSuccess: (_res, id) => forgetRecord(queryClient, resource, id),
  });
}

/** Brings back a soft-deleted record (a discontinued product): the `records.restore` action. */
export function useRestore<N extends ResourceName>(resource: N) {
  const queryClient = useQueryClient();
  return useMutation<RecordOf<N>, Error, number>({
    // The action serves every resource; what it answers is a record of the one named.
    mutationFn: async (id) => {
      // The declaration carries zod schemas: loaded when restoring, not with the first screen.
      const { restoreRecord } = await import('@glazier/shared/actions/records');
      return (await callAction(restoreRecord, { params: { resource, id } })) as RecordOf<N>;
    },
    onSuccess: (restored) => storeRecords(queryClient, resource, [restored]),
  });
}
