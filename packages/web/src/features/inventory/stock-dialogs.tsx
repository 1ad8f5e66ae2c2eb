/**
 * The small stock dialogs: Count stock (the `materials.count` action, the absolute qty on hand
 * from its date on), Adjust (a signed `adjustment` transaction with a note saying why) and Take
 * Snapshot (`material_snapshots.take`). Each refreshes what it changes: the material's
 * on hand, its stock history, the snapshot summaries.
 */
import type { SnapshotSummary } from '@glazier/shared/actions/inventory';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { formatQty } from '@glazier/shared/rules/money';
import { Text } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ActionDialogForm, useActionDialog } from '../../resource-kit/forms/action-dialog.tsx';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { callAction } from '../../resource-kit/http/actions.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { saveRecord } from '../../resource-kit/writes/saves.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { QtyField, type NumberFieldProps } from '../../ui/fields.tsx';
import { DateField } from '../../ui/date-field.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';

type Material = RecordOf<'materials'>;

/** The query key of the `material_snapshots.summary` action's answer. */
export const SNAPSHOT_SUMMARY_KEY = ['material_snapshots', 'summary'] as const;

/** After a stock movement: the material's on hand and its history are stale everywhere. */
function refreshStock(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: resourceKeys.all('materials') });
  void queryClient.invalidateQueries({ queryKey: resourceKeys.all('material_transactions') });
}

function MaterialLine({ material }: { material: Material }) {
  return (
    <div>
      <Text fw={600}>{material.number}</Text>
      {material.description && (
        <Text size="sm" c="dimmed">
          {material.description}
        </Text>
      )}
      <Text size="sm" mt={4}>
        On hand now: <b>{formatQty(material.on_hand)}</b>
      </Text>
    </div>
  );
}

/** What Count and Adjust differ in: the qty's label, help and range, the note's help, and the write. */
interface StockMove<R> {
  qtyLabel: string;
  qtyHelper: string;
  qtyProps: Partial<NumberFieldProps>;
  noteHelper?: string;
  saveLabel: string;
  doneMessage: string;
  send: (values: StockValues) => Promise<R>;
}

type StockValues = { qty: number | null; date: string | null; note: string };

/** Count stock and Adjust stock: the material, a qty, its date and a note. */
function StockMoveForm<R>({ material, move }: { material: Material; move: StockMove<R> }) {
  const queryClient = useQueryClient();
  const dialog = useActionDialog<StockValues, R>(
    { qty: null, date: toIsoDate(new Date()), note: '' },
    async (values) => {
      const answer = await move.send(values);
      refreshStock(queryClient);
      return answer;
    },
    move.doneMessage,
  );
  const { form } = dialog;
  return (
    <ActionDialogForm dialog={dialog} saveLabel={move.saveLabel}>
      <MaterialLine material={material} />
      <QtyField label={move.qtyLabel} helper={move.qtyHelper} data-autofocus {...move.qtyProps} {...form.getInputProps('qty')} />
      <DateField label="Date" {...form.getInputProps('date')} />
      <TextAreaField label="Note" helper={move.noteHelper} autosize minRows={2} {...form.getInputProps('note')} />
    </ActionDialogForm>
  );
}

function CountForm({ material }: { material: Material }) {
  const queryClient = useQueryClient();
  const move: StockMove<Material> = {
    qtyLabel: 'Counted qty',
    qtyHelper: 'The qty on hand, counted',
    // a count is the qty on hand: never negative (the count rule of material_transactions)
    qtyProps: { bounds: fieldBounds('material_transactions', 'qty', { min: 0 }) },
    saveLabel: 'Save Count',
    doneMessage: 'Stock counted.',
    send: async (values) => {
      const answer = await callAction(ACTION_ROUTES['materials.count'], { params: { id: material.id }, body: values });
      storeRecords(queryClient, 'materials', [answer.material]);
      return answer.material;
    },
  };
  return <StockMoveForm material={material} move={move} />;
}

function AdjustForm({ material }: { material: Material }) {
  const move: StockMove<RecordOf<'material_transactions'>> = {
    qtyLabel: 'Adjust by',
    qtyHelper: 'Negative to take stock off, positive to add',
    // signed by design: the full keyboard, as a phone's number pad has no minus
    qtyProps: { bounds: fieldBounds('material_transactions', 'qty'), inputMode: 'text' },
    noteHelper: 'Why the stock changed (required)',
    saveLabel: 'Save Adjustment',
    doneMessage: 'Stock adjusted.',
    send: (values) => saveRecord('material_transactions', { material_id: material.id, type: 'adjustment', ...values }),
  };
  return <StockMoveForm material={material} move={move} />;
}

function TakeSnapshotForm() {
  const queryClient = useQueryClient();
  const dialog = useActionDialog(
    { date: toIsoDate(new Date()) as string | null },
    async (values) => {
      const summary = await callAction(ACTION_ROUTES['material_snapshots.take'], { body: values });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('material_snapshots') });
      return summary;
    },
    'Snapshot taken.',
  );
  return (
    <ActionDialogForm dialog={dialog} saveLabel="Take Snapshot">
      <Text size="sm">Records the on hand and value of every active material as of this date. Taking a date again replaces it.</Text>
      <DateField label="Date" {...dialog.form.getInputProps('date')} />
    </ActionDialogForm>
  );
}

/** Count stock; resolves with the material (its new on hand), or null. */
export function openCountDialog(modals: ModalStackApi, material: Material): Promise<Material | null> {
  return modals.push<Material>(() => <CountForm material={material} />, { title: 'Count Stock', size: 'sm', testId: 'count-dialog' });
}

/** Adjust stock by a signed qty with a note; resolves with the transaction, or null. */
export function openAdjustDialog(modals: ModalStackApi, material: Material): Promise<RecordOf<'material_transactions'> | null> {
  return modals.push<RecordOf<'material_transactions'>>(() => <AdjustForm material={material} />, {
    title: 'Adjust Stock',
    size: 'sm',
    testId: 'adjust-dialog',
  });
}

/** Take a snapshot of every active material; resolves with its summary, or null. */
export function openTakeSnapshotDialog(modals: ModalStackApi): Promise<SnapshotSummary | null> {
  return modals.push<SnapshotSummary>(() => <TakeSnapshotForm />, { title: 'Take Snapshot', size: 'sm', testId: 'snapshot-dialog' });
}
