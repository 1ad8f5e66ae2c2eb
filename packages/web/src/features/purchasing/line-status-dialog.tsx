/**
 * A saved line's status (docs/domain/purchasing.md, Lines): the status picker (Ordered, Received, Backordered, and
 * Split) and the Split dialog.
 *
 * Choosing a status saves the line; the server writes the receipt (or its reverse) and marks the
 * order received with its last line. Split divides the line's qty among the three statuses: editing
 * one amount adjusts the current status's amount, so the total stays the line's qty; any negative
 * amount shows "It looks like something is adding up to a negative." and blocks the save, and the
 * amount that breaks the rule is marked, with the line's qty beside it. The server
 * splits in one transaction (the `purchase_order_materials.split` action), and names the field it
 * refuses too.
 */
import { PO_LINE_STATUS_LABELS, PO_LINE_STATUSES } from '@glazier/shared/resources/purchasing';
import { formatQty } from '@glazier/shared/rules/money';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { saveRecord } from '../../resource-kit/writes/saves.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { QtyField } from '../../ui/fields.tsx';
import { useLoader, type LoaderApi } from '../../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import {
  SPLIT_NEGATIVE_MESSAGE,
  adjustSplit,
  initialSplit,
  splitErrors,
  splitFieldErrors,
  type PoLineStatus,
  type SplitAmounts,
} from '@glazier/shared/rules/purchasing/purchase-order-line';
import { refreshStock, splitLine } from './order-actions.ts';

type Line = RecordOf<'purchase_order_materials'>;
type StatusChoice = PoLineStatus | 'split';

function StatusPicker({ line }: { line: Line }) {
  const modal = useModal<StatusChoice>();
  const current = line.status ?? 'ordered';
  return (
    <Stack gap="xs">
      <Text size="sm">
        {line.material_number} · {formatQty(line.qty)}
      </Text>
      {PO_LINE_STATUSES.map((s) => (
        <Button
          key={s}
          variant={s === current ? 'light' : 'default'}
          justify="space-between"
          rightSection={s === current ? <IconCheck size={16} aria-hidden /> : null}
          aria-current={s === current || undefined}
          onClick={() => modal.close(s)}
        >
          {PO_LINE_STATUS_LABELS[s]}
        </Button>
      ))}
      <Button variant="default" justify="flex-start" onClick={() => modal.close('split')}>
        Split
      </Button>
    </Stack>
  );
}

function SplitForm({ line }: { line: Line }) {
  const modal = useModal<Line[]>();
  const status = line.status ?? 'ordered';
  const qty = line.qty ?? 0;
  const loader = useLoader();
  const queryClient = useQueryClient();
  const [amounts, setAmounts] = useState<SplitAmounts>(() => initialSplit(qty, status));
  // The amount typed last: marked too when it tipped the split over.
  const [edited, setEdited] = useState<PoLineStatus | null>(null);
  // What the server refused, under its field, until the next edit.
  const [serverErrors, setServerErrors] = useState<Partial<Record<PoLineStatus, string>>>({});
  // The shared rule the server applies: any negative amount blocks the split. The spec's message
  // stays; the amount that breaks the rule is marked, with the line's qty beside it.
  const fieldErrors = { ...splitFieldErrors(qty, status, amounts), ...serverErrors };
  const error = Object.values(splitErrors(qty, amounts))[0]?.[0] ?? (Object.keys(serverErrors).length ? SPLIT_NEGATIVE_MESSAGE : null);
  // The dialog opens on the first amount one can type (the current status's is the rest, read-only).
  const firstEditable = PO_LINE_STATUSES.find((s) => s !== status);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (error) return;
    try {
      const lines = await loader.run(splitLine(queryClient, line.id, amounts));
      reportSuccess('Line split.');
      modal.close(lines);
    } catch (e) {
      // e.g. the line changed meanwhile: the server refuses a total that differs (a notice); a
      // refused amount shows under its field.
      const found: Partial<Record<PoLineStatus, string>> = {};
      reportError(e, { form: { fields: PO_LINE_STATUSES, setFieldError: (f, m) => (found[f as PoLineStatus] = m) } });
      setServerErrors(found);
    }
  };

  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} footer={<DialogActions saveLabel="Split" />}>
      <Text size="sm">
        {line.material_number}: {formatQty(qty)} in all. Editing an amount takes it from {PO_LINE_STATUS_LABELS[status]}.
      </Text>
      {PO_LINE_STATUSES.map((s) => (
        <QtyField
          key={s}
          label={PO_LINE_STATUS_LABELS[s]}
          value={amounts[s]}
          readOnly={s === status}
          data-autofocus={s === firstEditable || undefined}
          helper={s === status ? 'The rest of the line' : undefined}
          error={fieldErrors[s] ?? (error && s === edited && fieldErrors[status] ? true : undefined)}
          rightSection={
            <Text size="xs" c="dimmed" pr={4}>
              of {formatQty(qty)}
            </Text>
          }
          rightSectionWidth={64}
          rightSectionPointerEvents="none"
          data-testid={`split-${s}`}
          onChange={(v) => {
            setEdited(s);
            setServerErrors({});
            setAmounts((a) => adjustSplit(a, status, s, v ?? 0));
          }}
        />
      ))}
      {error && (
        <Alert color="red" role="alert" data-testid="split-error">
          {error}
        </Alert>
      )}
    </DialogForm>
  );
}

/**
 * The status picker of a saved line, then what was picked: a status is saved at once, Split opens
 * the Split dialog. Resolves with the saved line(s), or null.
 */
export async function changeLineStatus(modals: ModalStackApi, queryClient: QueryClient, loader: LoaderApi, line: Line): Promise<Line[] | null> {
  const choice = await modals.push<StatusChoice>(() => <StatusPicker line={line} />, { title: 'Line Status', size: 'xs', testId: 'line-status-dialog' });
  if (!choice) return null;
  if (choice === 'split') return openSplitDialog(modals, line);
  if (choice === (line.status ?? 'ordered')) return [line];
  try {
    const saved = await loader.run(saveRecord('purchase_order_materials', { id: line.id, updated_at: line.updated_at, status: choice }));
    storeRecords(queryClient, 'purchase_order_materials', [saved]);
    refreshStock(queryClient);
    reportSuccess(`Line ${PO_LINE_STATUS_LABELS[choice].toLowerCase()}.`);
    return [saved];
  } catch (e) {
    reportError(e);
    return null;
  }
}

/** The Split dialog; resolves with the lines the split left, or null. */
export function openSplitDialog(modals: ModalStackApi, line: Line): Promise<Line[] | null> {
  return modals.push<Line[]>(() => <SplitForm line={line} />, { title: 'Split Line', size: 'sm', testId: 'split-dialog' });
}
