/**
 * The small stock dialogs: Count stock (the `materials.count` action, the absolute qty on hand
 * from its date on), Adjust (a signed `adjustment` transaction with a note saying why) and Take
 * Snapshot (`material_snapshots.take`). Each refreshes what it changes: the material's
 * on hand, its stock history, the snapshot summaries.
 */
import { countMaterial, takeMaterialSnapshots, type SnapshotSummary } from '@glazier/shared/actions/inventory';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { formatQty } from '@glazier/shared/rules/money';
import { Button, Group, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formTarget, reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { callAction } from '../../resource-kit/http/actions.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { saveRecord } from '../../resource-kit/writes/saves.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { DialogForm } from '../../ui/dialog-actions.tsx';
import { QtyField } from '../../ui/fields.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';

type Material = RecordOf<'materials'>;

/** The query key of the `material_snapshots.summary` action's answer. */
export const SNAPSHOT_SUMMARY_KEY = ['material_snapshots', 'summary'] as const;

/** After a stock movement: the material's on hand and its history are stale everywhere. */
function refreshStock(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: resourceKeys.all('materials') });
  void queryClient.invalidateQueries({ queryKey: resourceKeys.all('material_transactions') });
}

function Footer({ onCancel, saveLabel }: { onCancel: () => void; saveLabel: string }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">{saveLabel}</Button>
    </Group>
  );
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

function CountForm({ material }: { material: Material }) {
  const modal = useModal<Material>();
  const loader = useLoader();
  const queryClient = useQueryClient();
  const form = useForm<{ qty: number | null; date: string | null; note: string }>({
    mode: 'controlled',
    initialValues: { qty: null, date: toIsoDate(new Date()), note: '' },
    clearInputErrorOnChange: true,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await loader.run(callAction(countMaterial, { params: { id: material.id }, body: values }));
      storeRecords(queryClient, 'materials', [answer.material]);
      refreshStock(queryClient);
      reportSuccess('Stock counted.');
      modal.close(answer.material);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['qty', 'date', 'note']) });
    }
  });
  return (
    <DialogForm onSubmit={submit} dirty={form.isDirty()} footer={<Footer onCancel={modal.dismiss} saveLabel="Save Count" />}>
      <MaterialLine material={material} />
      <QtyField
        label="Counted qty"
        helper="The qty on hand, counted"
        data-autofocus
        // a count is the qty on hand: never negative (the count rule of material_transactions)
        bounds={fieldBounds('material_transactions', 'qty', { min: 0 })}
        {...form.getInputProps('qty')}
      />
      <DateField label="Date" {...form.getInputProps('date')} />
      <TextAreaField label="Note" autosize minRows={2} {...form.getInputProps('note')} />
    </DialogForm>
  );
}

function AdjustForm({ material }: { material: Material }) {
  const modal = useModal<RecordOf<'material_transactions'>>();
  const loader = useLoader();
  const queryClient = useQueryClient();
  const form = useForm<{ qty: number | null; date: string | null; note: string }>({
    mode: 'controlled',
    initialValues: { qty: null, date: toIsoDate(new Date()), note: '' },
    clearInputErrorOnChange: true,
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await loader.run(saveRecord('material_transactions', { material_id: material.id, type: 'adjustment', ...values }));
      refreshStock(queryClient);
      reportSuccess('Stock adjusted.');
      modal.close(saved);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['qty', 'date', 'note']) });
    }
  });
  return (
    <DialogForm onSubmit={submit} dirty={form.isDirty()} footer={<Footer onCancel={modal.dismiss} saveLabel="Save Adjustment" />}>
      <MaterialLine material={material} />
      <QtyField
        label="Adjust by"
        helper="Negative to take stock off, positive to add"
        data-autofocus
        // signed by design: the full keyboard, as a phone's number pad has no minus
        bounds={fieldBounds('material_transactions', 'qty')}
        inputMode="text"
        {...form.getInputProps('qty')}
      />
      <DateField label="Date" {...form.getInputProps('date')} />
      <TextAreaField label="Note" helper="Why the stock changed (required)" autosize minRows={2} {...form.getInputProps('note')} />
    </DialogForm>
  );
}

function TakeSnapshotForm() {
  const modal = useModal<SnapshotSummary>();
  const loader = useLoader();
  const queryClient = useQueryClient();
  const form = useForm<{ date: string | null }>({ mode: 'controlled', initialValues: { date: toIsoDate(new Date()) }, clearInputErrorOnChange: true });
  const submit = form.onSubmit(async (values) => {
    try {
      const summary = await loader.run(callAction(takeMaterialSnapshots, { body: values }));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('material_snapshots') });
      reportSuccess('Snapshot taken.');
      modal.close(summary);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['date']) });
    }
  });
  return (
    <DialogForm onSubmit={submit} dirty={form.isDirty()} footer={<Footer onCancel={modal.dismiss} saveLabel="Take Snapshot" />}>
      <Text size="sm">Records the on hand and value of every active material as of this date. Taking a date again replaces it.</Text>
      <DateField label="Date" {...form.getInputProps('date')} />
    </DialogForm>
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
