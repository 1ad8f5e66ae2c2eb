/**
 * Ticking products off a to-do list (to-do-list-page.tsx): a tick shows at once and is saved (kept
 * on the device when offline); a tick saved offers Undo; a save that fails puts the row back.
 *
 * A tick marks every piece of the product. Its Undo puts them back as they were: a row whose
 * stored pieces (`row.pieces`, the list asks `with_pieces`) had some marked on their own unmarks
 * only the others (`job_products.mark_pieces`), which needs a connection (an action is not kept on
 * the device: offline, Undo says so and the tick stays); a row without (every piece as the
 * product) saves the product back, kept on the device when offline like the tick.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { piecesToUnmark, type PieceState, type PiecesToUnmark } from '@glazier/shared/rules/shop-floor/pieces';
import type { ToDoList } from '@glazier/shared/rules/shop-floor/to-do-lists';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import { saveRecord, sendWhenOnline } from '../../resource-kit/writes/saves.ts';

type JobProduct = RecordOf<'job_products'> & { pieces?: PieceState[] };

/** The rows ticked (or being ticked) here, by id, and the tick's toggle. */
export function useToDoTicks(list: ToDoList) {
  const { field } = list;
  const queryClient = useQueryClient();
  // Rows ticked (or being ticked) here: shown ticked, where they were, until the screen changes.
  const [ticked, setTicked] = useState<Record<number, JobProduct>>({});

  // One toggle for the screen's life (it reads no render's state): the rows, memoised, are not all
  // drawn again on each tick (a tick's answer to the tap stays well within a frame budget on a phone).
  const toggle = useMemo(() => {
    const save = async (row: JobProduct, done: boolean) => {
      // ticked off in the shop or on site without a connection: kept on the device and sent later
      const saved = await saveRecord('job_products', { id: row.id, [field]: done } as InputOf<'job_products'>, {
        offline: { label: () => `${done ? 'Marked' : 'Unmarked'} ${list.done}: ${row.name || 'Product'}` },
      });
      storeRecords(queryClient, 'job_products', [saved]);
      // kept offline, the answer is the change alone (the kit lays it over the row)
      return { ...row, ...saved };
    };

    /** Unmarks the pieces the tick marked, leaving those marked before it (not kept offline: an action). */
    const unmarkPieces = async (row: JobProduct, { step, positions }: PiecesToUnmark) => {
      const { data } = await sendWhenOnline(
        'job_products',
        row.id,
        `Undo needs a connection: some pieces of ${row.name || 'this product'} were ${list.done} before the tick, and only the server can put them back as they were. Try again once online.`,
        () => callAction(ACTION_ROUTES['job_products.mark_pieces'], { params: { id: row.id }, body: { step, done: false, positions } }),
      );
      storeRecords(queryClient, 'job_products', [data]);
    };

    const toggle = async (row: JobProduct) => {
      const done = !row[field];
      // from the pieces as they were before the tick: what its Undo unmarks (null: the whole product)
      const unmark = done ? piecesToUnmark(row.pieces, field) : null;
      setTicked((t) => (done ? { ...t, [row.id]: { ...row, [field]: true } } : withoutRow(t, row.id)));
      try {
        const saved = await save(row, done);
        if (done) {
          setTicked((t) => (row.id in t ? { ...t, [row.id]: saved } : t));
          reportSuccess(
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">
                Marked {list.done}: {row.name || 'Product'}
              </Text>
              <Button size="compact-sm" variant="light" onClick={() => void undo(saved, unmark)}>
                Undo
              </Button>
            </Group>,
            { long: true },
          );
        }
      } catch (err) {
        // back as it was
        setTicked((t) => (done ? withoutRow(t, row.id) : { ...t, [row.id]: row }));
        reportError(err);
      }
    };

    const undo = async (row: JobProduct, unmark: PiecesToUnmark | null) => {
      setTicked((t) => withoutRow(t, row.id));
      try {
        if (unmark) await unmarkPieces(row, unmark);
        else await save(row, false);
        reportSuccess(`Back on the list: ${row.name || 'Product'}`);
      } catch (err) {
        setTicked((t) => ({ ...t, [row.id]: row }));
        reportError(err);
      }
    };

    return toggle;
  }, [field, list, queryClient]);

  return { ticked, toggle };
}

function withoutRow(t: Record<number, JobProduct>, id: number): Record<number, JobProduct> {
  const { [id]: _gone, ...rest } = t;
  return rest;
}
