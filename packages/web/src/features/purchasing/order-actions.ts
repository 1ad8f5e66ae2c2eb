/**
 * The named actions of purchasing (DESIGN.md "Named actions"; jobs-contract.md): send, receive all,
 * split a line, suggested orders and orders made from them. Each writes what it answers into the
 * cache and marks stale what it moved: stock (on hand, on order, the history) and the order lists.
 */
import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys, storeRecords, type RecordOf } from '../../resource-kit/hooks.ts';
import { api } from '../../resource-kit/http.ts';

type Order = RecordOf<'purchase_orders'>;
type Line = RecordOf<'purchase_order_materials'>;

/** One line of `GET /api/purchase_orders/suggestions`: a material short of stock and why. */
export interface Suggestion {
  material_id: number;
  material_number: string;
  description: string | null;
  /** The preferred vendor; null when the material has none. */
  vendor_id: number | null;
  vendor_name: string | null;
  on_hand: number;
  on_order: number;
  reorder_qty: number;
  open_demand: number;
  shortfall: number;
  economic_order_qty: number;
  min_order_qty: number;
  suggested_qty: number;
  unit_price: number | null;
}

export const SUGGESTIONS_KEY = ['purchase_orders', 'suggestions'] as const;

/** After stock moved: materials (on hand, on order), their histories, orders and their lines. */
export function refreshStock(queryClient: QueryClient): void {
  for (const name of ['materials', 'material_transactions', 'purchase_orders', 'purchase_order_materials'] as const) {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
  }
}

/** The next PO number (shown on the create page; the server assigns the real one on save). */
export async function fetchNextNumber(): Promise<number> {
  const { data } = await api.get<{ data: { number: number } }>('/api/purchase_orders/next_number');
  return data.number;
}

export async function sendOrder(queryClient: QueryClient, id: number): Promise<Order> {
  const { data } = await api.post<{ data: Order }>(`/api/purchase_orders/${id}/send`);
  storeRecords(queryClient, 'purchase_orders', [data]);
  refreshStock(queryClient);
  return data;
}

export async function receiveOrder(queryClient: QueryClient, id: number): Promise<Order> {
  const { data } = await api.post<{ data: Order }>(`/api/purchase_orders/${id}/receive`);
  storeRecords(queryClient, 'purchase_orders', [data]);
  refreshStock(queryClient);
  return data;
}

export async function splitLine(queryClient: QueryClient, id: number, amounts: { ordered: number; received: number; backordered: number }): Promise<Line[]> {
  const { data } = await api.post<{ data: Line[] }>(`/api/purchase_order_materials/${id}/split`, amounts);
  storeRecords(queryClient, 'purchase_order_materials', data);
  refreshStock(queryClient);
  return data;
}

export async function fetchSuggestions(signal?: AbortSignal): Promise<Suggestion[]> {
  return (await api.get<{ data: Suggestion[] }>('/api/purchase_orders/suggestions', undefined, signal)).data;
}

export async function ordersFromSuggestions(queryClient: QueryClient, lines: { material_id: number; qty: number }[]): Promise<Order[]> {
  const { data } = await api.post<{ data: Order[] }>('/api/purchase_orders/from_suggestions', { lines });
  storeRecords(queryClient, 'purchase_orders', data);
  refreshStock(queryClient);
  void queryClient.invalidateQueries({ queryKey: SUGGESTIONS_KEY });
  return data;
}
