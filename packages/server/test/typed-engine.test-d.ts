/**
 * Type-level tests of the typed engine ("A typed server"), checked by `tsc -b` (never
 * run): each `@ts-expect-error` fails the build when the line below it compiles, so a wrong field
 * name or a mistyped hook must stay a compile error.
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import type { Ctx } from '../src/engine/context.ts';
import { get, list, page } from '../src/engine/read.ts';
import { create, update } from '../src/engine/write.ts';
import type { Row } from '../src/db/client.ts';
import type { Hooks } from '../src/engine/server-resource.ts';

/** True when A and B are the same type. */
type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
const expectType = <T extends true>(_: T) => {};

export async function answersAreTypedByResource(ctx: Ctx, _name: string) {
  const _order = await get(ctx, 'purchase_orders', 1);
  expectType<Equal<typeof _order.number, number | null>>(true);
  expectType<Equal<typeof _order.vendor_id, number>>(true);
  expectType<Equal<typeof _order.total, number | null>>(true);
  // embedded relations: a list of the child's records, a record or null
  expectType<Equal<typeof _order.purchase_order_materials, RecordOf<'purchase_order_materials'>[] | undefined>>(true);
  const job = await get(ctx, 'jobs', 1);
  expectType<Equal<typeof job.estimate, RecordOf<'estimates'> | null | undefined>>(true);
  // @ts-expect-error a relation jobs do not have
  void job.lines;
  // @ts-expect-error a field materials do not have
  void (await list(ctx, 'materials', {})).data[0]?.nmae;
  const _clients = await page(ctx, 'clients', {});
  expectType<Equal<typeof _clients.data, RecordOf<'clients'>[]>>(true);
  const _user = await create(ctx, 'users', {});
  expectType<Equal<typeof _user.id, number>>(true);
  // @ts-expect-error write-only fields are never answered
  void (await update(ctx, 'users', 1, {})).password;
  // a name known only at run time (a route's) answers plain rows
  expectType<Equal<Awaited<ReturnType<typeof get<typeof _name>>>, Row>>(true);
}

export const hooksSeeTypedRows: Hooks<'purchase_order_materials'> = {
  beforeSave({ values, existing: _existing }) {
    expectType<Equal<typeof values.qty, number | null | undefined>>(true);
    expectType<Equal<NonNullable<typeof _existing>['purchase_order_id'], number>>(true);
    // @ts-expect-error a column lines do not have
    void values.vendor_nmae;
  },
  afterSave({ record }) {
    expectType<Equal<typeof record.id, number>>(true);
    // @ts-expect-error a string is not a line's qty
    record.qty = 'many';
  },
};

export const usersKeepTheirHash: Hooks<'users'> = {
  beforeSave({ values, input: _input }) {
    expectType<Equal<typeof _input.password, string | null | undefined>>(true);
    values.password_hash = 'hashed';
  },
};
