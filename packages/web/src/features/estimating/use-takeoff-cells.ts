/**
 * The takeoff grid's saves (takeoff-page.tsx): a cell's quantity is PATCHed onto its item, or
 * makes one; saves of one cell run one after another, and each saved item goes into the cached
 * takeoff (no refetch).
 */
import type { RecordOf, RecordWithRelations } from '@glazier/shared/resources/records';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { saveRecord } from '../../resource-kit/writes/saves.ts';

type Takeoff = RecordWithRelations<'takeoffs'>;
type Unit = RecordOf<'takeoff_units'>;
type Option = RecordOf<'takeoff_options'>;
type Item = RecordOf<'takeoff_items'>;

/** A cell's key: its unit and its option. */
export const cellKey = (unitId: number, optionId: number) => `${unitId}:${optionId}`;

/** Saves a cell of the takeoff cached under `takeoffKey`; rejects with the server's error. */
export function useTakeoffCellSaves(takeoffKey: QueryKey) {
  const queryClient = useQueryClient();
  /** Puts a saved cell into the cached takeoff (no refetch). */
  const putItem = useCallback(
    (saved: Item) =>
      queryClient.setQueryData<Takeoff[]>(takeoffKey, (old) =>
        old?.map((t) => (t.id !== saved.takeoff_id ? t : { ...t, items: [...(t.items ?? []).filter((i) => i.id !== saved.id), saved] })),
      ),
    [queryClient, takeoffKey],
  );

  const chains = useRef(new Map<string, Promise<unknown>>());
  const saveCell = useCallback(
    (unit: Unit, option: Option, qty: number | null): Promise<unknown> => {
      const key = cellKey(unit.id, option.id);
      const run = (chains.current.get(key) ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => {
          // the latest cached cell: one made by an earlier save of this cell is PATCHed
          const current = queryClient
            .getQueryData<Takeoff[]>(takeoffKey)?.[0]
            ?.items?.find((i) => i.takeoff_unit_id === unit.id && i.takeoff_option_id === option.id);
          if (current) return putItem(await saveRecord('takeoff_items', { id: current.id, qty: qty ?? 0 }));
          if (!qty) return; // nothing there, nothing to make
          putItem(await saveRecord('takeoff_items', { takeoff_id: unit.takeoff_id, takeoff_unit_id: unit.id, takeoff_option_id: option.id, qty }));
        });
      chains.current.set(key, run);
      return run;
    },
    [queryClient, putItem, takeoffKey],
  );

  return saveCell;
}
