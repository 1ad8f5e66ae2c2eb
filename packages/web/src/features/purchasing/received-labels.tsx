/**
 * Labels for the received lines of a purchase order: one label per line by default,
 * or one per unit. A label names the material (number, description), says where it came from (PO
 * number and received date) and carries a QR code of the material's page, so a phone scan opens
 * it. Printing goes through the shared label sheet (`ui/labels.ts` → `/print`).
 *
 * One per line is the default because quantities are often measures (500 ft of tape, 12.5 sq ft of
 * glass), not pieces; one per unit repeats a label qty times only for a whole qty (shared
 * `labelCopies`), and the dialog says how many labels that makes before anything is printed.
 */
import { countLabels, repeatLabels, type Label, type LabelRepeat } from '@glazier/shared/rules/shop-floor/labels';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatQty } from '@glazier/shared/rules/money';
import { Alert, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { recordHeading } from '../../resource-kit/records/record-headings.ts';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { appUrl } from '../../ui/labels.ts';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { ToggleChoice } from '../../ui/toggle-choice.tsx';
import { isReceived } from './status-badges.tsx';

type Order = RecordOf<'purchase_orders'>;
type Line = RecordOf<'purchase_order_materials'>;

/**
 * A received line's label. The received date is the order's, or (an order still partly open) the
 * day the line was last changed, which for a received line is the day it was marked received.
 */
export function receivedLineLabel(order: Order, line: Line, urlOf: (path: string) => string = appUrl): Label {
  const received = formatDate(order.received_at ?? line.updated_at ?? null);
  return {
    job: '',
    name: line.material_number ?? '',
    description: line.material_description ?? '',
    note: `${recordHeading('purchase_orders').primary(order)}${received ? ` · received ${received}` : ''}`,
    qr: urlOf(`/inventory/${line.material_id}`),
  };
}

export function receivedLabels(order: Order, lines: readonly Line[], repeat: LabelRepeat, urlOf?: (path: string) => string): Label[] {
  return repeatLabels(
    lines.map((line) => ({ label: receivedLineLabel(order, line, urlOf), qty: line.qty })),
    repeat,
  );
}

const REPEAT_OPTIONS = [
  { value: 'line', label: 'One per line' },
  { value: 'unit', label: 'One per unit' },
] as const;

function ReceivedLabelsForm({ order }: { order: Order }) {
  const modal = useModal<Label[]>();
  // Read live: right after Receive All the lines are being refetched with their new status.
  const received = (useList('purchase_order_materials', { purchase_order_id: order.id }).data ?? []).filter(isReceived);
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set()); // lines unticked; new ones start ticked
  const [repeat, setRepeat] = useState<LabelRepeat>('line');
  const [tried, setTried] = useState(false);
  const chosen = received.filter((l) => !left.has(l.id));
  const count = countLabels(
    chosen.map((l) => l.qty),
    repeat,
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (chosen.length > 0) modal.close(receivedLabels(order, chosen, repeat));
  };
  const toggle = (id: number, on: boolean) =>
    setLeft((s) => {
      const next = new Set(s);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <DialogForm onSubmit={onSubmit} footer={<DialogActions saveLabel="Print Labels" />}>
      {received.length === 0 ? (
        <Text size="sm">No line of this order is received yet.</Text>
      ) : (
        <Stack gap="xs" role="group" aria-label="Received lines">
          {received.map((l) => (
            <CheckField
              key={l.id}
              checked={!left.has(l.id)}
              onChange={(e) => toggle(l.id, e.currentTarget.checked)}
              label={`${l.material_number ?? ''} · ${formatQty(l.qty)}`}
              description={l.material_description ?? undefined}
            />
          ))}
        </Stack>
      )}
      <ToggleChoice label="Labels" options={REPEAT_OPTIONS} value={repeat} onChange={setRepeat} data-testid="label-repeat" />
      <Text size="sm" data-testid="received-label-count">
        {count === 1 ? '1 label' : `${count} labels`}
      </Text>
      {tried && chosen.length === 0 && (
        <Alert color="red" role="alert">
          Choose at least one received line.
        </Alert>
      )}
    </DialogForm>
  );
}

/** The labels dialog; resolves with the labels to print, or null. */
export function openReceivedLabelsDialog(modals: ModalStackApi, order: Order): Promise<Label[] | null> {
  return modals.push<Label[]>(() => <ReceivedLabelsForm order={order} />, { title: 'Print Labels', size: 'md', testId: 'received-labels-dialog' });
}
