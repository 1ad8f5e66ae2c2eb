/**
 * The named actions of purchasing (docs/domain/purchasing.md, Orders): send, receive all,
 * split a line, suggested orders and orders made from them. Each writes what it answers into the
 * cache and marks stale what it moved: stock (on hand, on order, the history) and the order lists.
 */
import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordOf } from '@glazier/shared/resources/records';
import type { Suggestion } from '@glazier/shared/actions/purchasing';
import { callAction } from '../../resource-kit/http/actions.ts';

type Order = RecordOf<'purchase_orders'>;
type Line = RecordOf<'purchase_order_materials'>;

export const SUGGESTIONS_KEY = ['purchase_orders', 'suggestions'] as const;

/** After stock moved: materials (on hand, on order), their histories, orders and their lines. */
export function refreshStock(queryClient: QueryClient): void {
  for (const name of ['materials', 'material_transactions', 'purchase_orders', 'purchase_order_materials'] as const) {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
  }
}

/** The next PO number (shown on the create page; the server assigns the real one on save). */
export async function fetchNextNumber(): Promise<number> {
  const { data } = await callAction(ACTION_ROUTES['purchase_orders.next_number']);
  return data.number;
}

export async function sendOrder(queryClient: QueryClient, id: number): Promise<Order> {
  const { data } = await callAction(ACTION_ROUTES['purchase_orders.send'], { params: { id } });
  storeRecords(queryClient, 'purchase_orders', [data]);
  refreshStock(queryClient);
  return data;
}

export async function receiveOrder(queryClient: QueryClient, id: number): Promise<Order> {
  const { data } = await callAction(ACTION_ROUTES['purchase_orders.receive'], { params: { id } });
  storeRecords(queryClient, 'purchase_orders', [data]);
  refreshStock(queryClient);
  return data;
}

export async function splitLine(queryClient: QueryClient, id: number, amounts: { ordered: number; received: number; backordered: number }): Promise<Line[]> {
  const { data } = await callAction(ACTION_ROUTES['purchase_order_materials.split'], { params: { id }, body: amounts });
  storeRecords(queryClient, 'purchase_order_materials', data);
  refreshStock(queryClient);
  return data;
}

export async function fetchSuggestions(signal?: AbortSignal): Promise<Suggestion[]> {
  return (await callAction(ACTION_ROUTES['purchase_orders.suggestions'], { signal })).data;
}

export async function ordersFromSuggestions(queryClient: QueryClient, lines: { material_id: number; qty: number }[]): Promise<Order[]> {
  const { data } = await callAction(ACTION_ROUTES['purchase_orders.from_suggestions'], { body: { lines } });
  storeRecords(queryClient, 'purchase_orders', data);
  refreshStock(queryClient);
  void queryClient.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
  return data;
}
