/**
 * Ticking products off a to-do list (to-do-list-page.tsx): a tick shows at once and is saved (kept
 * on the device when offline); a tick saved offers Undo; a save that fails puts the row back.
 */
import type { ToDoList } from '@glazier/shared/rules/shop-floor/to-do-lists';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import { saveRecord } from '../../resource-kit/writes/saves.ts';

type JobProduct = RecordOf<'job_products'>;

/** The rows ticked (or being ticked) here, by id, and the tick's toggle. */
export function useToDoTicks(list: ToDoList) {
  const { field } = list;
  const queryClient = useQueryClient();
  // Rows ticked (or being ticked) here: shown ticked, where they were, until the screen changes.
  const [ticked, setTicked] = useState<Record<number, JobProduct>>({});

  const save = async (row: JobProduct, done: boolean) => {
    // ticked off in the shop or on site without a connection: kept on the device and sent later (issue 25, B3)
    const saved = await saveRecord('job_products', { id: row.id, [field]: done } as InputOf<'job_products'>, {
      offline: { label: () => `${done ? 'Marked' : 'Unmarked'} ${list.done}: ${row.name || 'Product'}` },
    });
    storeRecords(queryClient, 'job_products', [saved]);
    // kept offline, the answer is the change alone (the kit lays it over the row)
    return { ...row, ...saved };
  };

  const toggle = async (row: JobProduct) => {
    const done = !row[field];
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
            <Button size="compact-sm" variant="light" onClick={() => void undo(saved)}>
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

  const undo = async (row: JobProduct) => {
    setTicked((t) => withoutRow(t, row.id));
    try {
      await save(row, false);
      reportSuccess(`Back on the list: ${row.name || 'Product'}`);
    } catch (err) {
      setTicked((t) => ({ ...t, [row.id]: row }));
      reportError(err);
    }
  };

  return { ticked, toggle };
}

function withoutRow(t: Record<number, JobProduct>, id: number): Record<number, JobProduct> {
  const { [id]: _gone, ...rest } = t;
  return rest;
}
