/**
 * Estimate dialog (docs/domain/estimating.md, Estimates): client (required, with Add New client), name, job number,
 * job address, contact name and email, details, date, job start and end dates (by default the
 * start and end of the current month), type (commercial / residential) and scopes (product
 * categories). Save, or Save and Open to go to `/estimates/{id}`. Only a draft is edited or
 * deleted ("Delete this estimate?"): an open, won or lost estimate, or an older revision, opens
 * read-only (the server refuses the save too).
 */
import { ESTIMATE_TYPE_OPTIONS, type ESTIMATE_TYPES } from '@glazier/shared/resources/estimating';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { contentLockedMessage } from '@glazier/shared/rules/estimating/estimate-status';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog, useSaveAndOpen } from '../../resource-kit/forms/record-dialog.tsx';
import { hasRecordDialog, openRecordDialog, type RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { DateField } from '../../ui/date-field.tsx';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { ToggleChoice } from '../../ui/toggle-choice.tsx';
import { RefMultiSelect } from '../../resource-kit/pickers/ref-multi-select.tsx';

type Estimate = RecordOf<'estimates'>;
type EstimateType = (typeof ESTIMATE_TYPES)[number];

/** The first and last day of the month `today` is in (a new estimate's job dates, docs/domain/estimating.md, Estimates). */
export function currentMonth(today = new Date()): { start: string; end: string } {
  return {
    start: toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1)),
    end: toIsoDate(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  };
}

interface FormProps extends RecordDialogOptions<'estimates'> {
  onOpenRequested?: (open: boolean) => void;
  onDeleted?: () => void;
}

function EstimateForm({ record, initial, onOpenRequested, onDeleted }: FormProps) {
  const modals = useModals();
  const canEdit = useCan('edit', 'estimates');
  const canAddClient = useCan('edit', 'clients');
  const categories = useList('product_categories');
  const lockedBecause = record ? contentLockedMessage(record) : null;
  const editable = canEdit && !lockedBecause;
  const month = currentMonth();
  const dialog = useRecordDialog('estimates', {
    deleteConfirm: 'Delete this estimate?',
    onDeleted,
    initialValues: formValues(record, {
      client_id: initial?.client_id ?? null,
      name: initial?.name ?? '',
      job_number: initial?.job_number ?? '',
      job_address: initial?.job_address ?? '',
      contact_name: initial?.contact_name ?? '',
      contact_email: initial?.contact_email ?? '',
      details: initial?.details ?? '',
      date: initial?.date ?? toIsoDate(new Date()),
      job_start_date: initial?.job_start_date ?? month.start,
      job_end_date: initial?.job_end_date ?? month.end,
      type: initial?.type ?? 'commercial',
      product_category_list: initial?.product_category_list ?? [],
    }),
  });
  const { form, field, labelOf, isNew } = dialog;
  const values = form.getValues();

  // A new estimate starts as its client's type says (a homeowner's: residential), until the person
  // chooses the type themself.
  const client = useRecord('clients', isNew ? values.client_id : null).data ?? null;
  const clientType = useRecord('client_types', client?.client_type_id ?? null).data ?? null;
  const typeOfClient: EstimateType | null = client ? ((clientType?.estimate_type as EstimateType | null) ?? 'commercial') : null;
  const followedType = useRef<EstimateType>(form.getValues().type ?? 'commercial');
  useEffect(() => {
    if (!typeOfClient || initial?.type || form.getValues().type !== followedType.current) return;
    followedType.current = typeOfClient;
    form.setFieldValue('type', typeOfClient);
  }, [typeOfClient]); // eslint-disable-line react-hooks/exhaustive-deps -- follows the client's type only

  const { dialog: formDialog, extra } = useSaveAndOpen(dialog, onOpenRequested, editable);

  return (
    <RecordDialogForm dialog={formDialog} canSave={editable} canDelete={editable} extra={extra}>
      {lockedBecause && canEdit && (
        <Text size="sm" c="dimmed" data-testid="estimate-read-only-reason">
          {lockedBecause}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
        <Stack gap="sm">
          <RecordPicker
            resource="clients"
            required
            {...field('client_id')}
            onAddNew={
              editable && canAddClient && hasRecordDialog('clients')
                ? (prefill) => openRecordDialog(modals, 'clients', { initial: { name: prefill.name } })
                : undefined
            }
            autoFocus={isNew}
            data-testid="estimate-client-picker"
          />
          <TextField required {...field('name')} />
          <TextField {...field('job_number')} />
          <TextAreaField autosize minRows={1} maxRows={4} {...field('job_address')} />
          <Group grow align="flex-start" gap="sm">
            <TextField {...field('contact_name')} />
            <TextField type="email" {...field('contact_email')} />
          </Group>
        </Stack>
        <Stack gap="sm">
          <DateField {...field('date')} />
          <Group grow align="flex-start" gap="sm">
            <DateField {...field('job_start_date')} />
            <DateField {...field('job_end_date')} />
          </Group>
          <ToggleChoice
            label={labelOf('type')}
            options={ESTIMATE_TYPE_OPTIONS}
            value={values.type ?? 'commercial'}
            onChange={(v) => form.setFieldValue('type', v)}
            data-testid="estimate-type"
          />
          <RefMultiSelect searchable records={categories.data} {...field('product_category_list')} data-testid="estimate-scopes" />
          <TextAreaField autosize minRows={2} maxRows={6} {...field('details')} />
        </Stack>
      </SimpleGrid>
    </RecordDialogForm>
  );
}

/** Opens the Estimate dialog (add, or `record`); resolves with the saved estimate, or null. */
export function openEstimateDialog(modals: ModalStackApi, props: FormProps = {}): Promise<Estimate | null> {
  return modals.push<Estimate>(() => <EstimateForm {...props} />, { testId: 'estimate-dialog', size: 'xl' });
}

/** Add Estimate with Save and Open: the saved estimate and whether to open it, or null. */
export async function addEstimate(modals: ModalStackApi, props: FormProps = {}): Promise<{ estimate: Estimate; open: boolean } | null> {
  let open = false;
  const estimate = await openEstimateDialog(modals, { ...props, onOpenRequested: (o) => (open = o) });
  return estimate ? { estimate, open } : null;
}
