/**
 * Type-level tests of the typed kit (docs/platform.md, Records), checked by `tsc -b` (never run;
 * the hooks are only called for their types):
 * each `@ts-expect-error` fails the build when the line below it compiles, so a wrong field name
 * or a mistyped value must stay a compile error.
 */
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formatPhone, phoneToStored } from '@glazier/shared/rules/phone';
import { useList, usePage, useRecord } from '../resource-kit/records/queries.ts';
import { useSave, useSaveMany } from '../resource-kit/writes/saves.ts';
import { openLookup } from '../resource-kit/pickers/lookup-dialog.tsx';
import { formValues } from '../resource-kit/forms/pick.ts';
import { useRecordDialog } from '../resource-kit/forms/record-dialog.tsx';
import type { RecordPickerProps } from '../resource-kit/pickers/record-picker.tsx';
import type { Column, ResourceTableProps } from '../resource-kit/lists/resource-table.tsx';
import type { ModalStackApi } from '../ui/modal-stack.tsx';

/** True when A and B are the same type. */
type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(_: T) => {};

type Material = RecordOf<'materials'>;
type Client = RecordOf<'clients'>;

// Field kinds give the types; what is not required may be null (bool never).
expectType<Equal<Client['name'], string>>(true);
expectType<Equal<Client['note'], string | null>>(true);
expectType<Equal<Client['active'], boolean>>(true);
expectType<Equal<Client['client_type_id'], number | null>>(true);
expectType<Equal<RecordOf<'client_types'>['product_category_list'], number[] | null>>(true);
expectType<Equal<RecordOf<'users'>['role'], 'admin' | 'manager' | 'supervisor' | 'employee'>>(true);
expectType<Equal<RecordOf<'time_entries'>['hours'], number>>(true);
// Computed and read-only fields are on reads only; guarded ones are optional; write-only ones absent.
expectType<Equal<Material['on_hand'], number | null>>(true);
expectType<Equal<'on_hand' extends keyof InputOf<'materials'> ? true : false, false>>(true);
expectType<Equal<'user_name' extends keyof InputOf<'time_entries'> ? true : false, false>>(true);
expectType<Equal<Pick<RecordOf<'products'>, 'cost_per_unit'>, { cost_per_unit?: number | null }>>(true);
expectType<Equal<'password' extends keyof RecordOf<'users'> ? true : false, false>>(true);
expectType<Equal<'password' extends keyof InputOf<'users'> ? true : false, true>>(true);

export function useHooksAreTypedByResource(client: Client) {
  const materials = useList('materials');
  expectType<Equal<typeof materials.data, Material[] | undefined>>(true);
  // @ts-expect-error a field materials do not have
  void materials.data?.[0]?.nmae;

  const _page = usePage('clients', { page: 1 });
  expectType<Equal<NonNullable<typeof _page.data>['data'], Client[]>>(true);
  const _one = useRecord('clients', 1);
  expectType<Equal<typeof _one.data, Client | undefined>>(true);

  const save = useSave('clients');
  void save.mutateAsync({ id: client.id, name: 'Acme', active: false });
  // @ts-expect-error a wrong field name in a save
  void save.mutateAsync({ nmae: 'Acme' });
  // @ts-expect-error a wrong value type in a save
  void save.mutateAsync({ active: 'yes' });
  // @ts-expect-error read-only fields are not sent
  void useSave('time_entries').mutateAsync({ user_name: 'x' });
  void useSaveMany('role_permissions').mutateAsync([{ role: 'manager', area: 'jobs', view: true }]);
  // @ts-expect-error an enum takes its values only
  void useSaveMany('role_permissions').mutateAsync([{ role: 'boss' }]);
}

export function useFormsAndDialogsAreTyped(client: Client | null) {
  const values = formValues(client, { name: '', client_type_id: null, active: true });
  expectType<Equal<typeof values.name, string>>(true);
  expectType<Equal<typeof values.client_type_id, number | null>>(true);
  // @ts-expect-error a key the record lacks
  formValues(client, { nmae: '' });
  // @ts-expect-error a default of the wrong type
  formValues(client, { active: 'yes' });

  const _dialog = useRecordDialog('clients', { initialValues: values, deleteConfirm: 'Delete this client?' });
  expectType<Equal<Awaited<ReturnType<typeof _dialog.submit>>, Client | null>>(true);
}

// The README's "A new screen in five steps" example, kept compiling.
export function useReadmeVendorDialog(record: RecordOf<'vendors'> | null) {
  return useRecordDialog('vendors', {
    initialValues: formValues(record, { name: '', email: '', phone: '' }),
    deleteConfirm: 'Delete this vendor?',
    transform: (v) => ({ ...v, phone: phoneToStored(v.phone) }),
  });
}
export const readmeVendorColumns: Column<'vendors'>[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'phone', label: 'Phone', render: (v) => formatPhone(v.phone) },
];

export async function pickersTablesAndLookupsAreTyped(modals: ModalStackApi) {
  const onChange: RecordPickerProps<'client_types'>['onChange'] = (_id, type) => void type?.name;
  void onChange;
  // @ts-expect-error the picked record is the resource's
  const wrongPick: RecordPickerProps<'client_types'>['onChange'] = (_id, type) => void type?.color;
  void wrongPick;

  const columns: Column<'clients'>[] = [{ key: 'name', label: 'Name', render: (c) => c.name.toUpperCase() }];
  // @ts-expect-error a column is a field of the resource
  const wrongColumns: Column<'clients'>[] = [{ key: 'nmae', label: 'Name' }];
  const onRowClick: ResourceTableProps<'clients'>['onRowClick'] = (c) => void c.note?.trim();
  void [columns, wrongColumns, onRowClick];

  const _job = await openLookup(modals, 'jobs');
  expectType<Equal<typeof _job, RecordOf<'jobs'> | null>>(true);
}
