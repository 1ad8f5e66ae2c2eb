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
import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useRecord } from '../../resource-kit/records/queries.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { addAndOpen, plainDialog, type PlainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import { hasRecordDialog, openRecordDialog } from '../../resource-kit/forms/record-dialogs.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { ToggleChoice } from '../../ui/toggle-choice.tsx';

type EstimateType = (typeof ESTIMATE_TYPES)[number];

/** The first and last day of the month `today` is in (a new estimate's job dates, docs/domain/estimating.md, Estimates). */
export function currentMonth(today = new Date()): { start: string; end: string } {
  return {
    start: toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1)),
    end: toIsoDate(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  };
}

/** Opens the Estimate dialog (add, or `record`); resolves with the saved estimate, or null. */
export const openEstimateDialog = plainDialog<'estimates', ReturnType<typeof estimateValues>, PlainDialogProps<'estimates'>>('estimates', {
  testId: 'estimate-dialog',
  size: 'xl',
  right: 'estimates',
  // only a draft's content changes
  useEditable: (_dialog, { record }) => !(record && contentLockedMessage(record)),
  deleteConfirm: 'Delete this estimate?',
  values: estimateValues,
  useFields: function useEstimateFields({ form, labelOf, isNew }, { record, initial, canEdit }) {
    const modals = useModals();
    const canAddClient = useCan('edit', 'clients');
    const canEditEstimates = useCan('edit', 'estimates');
    const lockedBecause = record ? contentLockedMessage(record) : null;
    const values = form.getValues();
    useClientsType(form, isNew ? values.client_id : null, initial?.type != null);
    return [
      lockedBecause != null && canEditEstimates && (
        <Text key="locked" size="sm" c="dimmed" data-testid="estimate-read-only-reason">
          {lockedBecause}
        </Text>
      ),
      {
        cols: { base: 1, sm: 2 },
        spacing: 'lg',
        fields: [
          {
            stack: [
              [
                'client_id',
                {
                  required: true,
                  onAddNew:
                    canEdit && canAddClient && hasRecordDialog('clients')
                      ? (prefill: { name: string }) => openRecordDialog(modals, 'clients', { initial: { name: prefill.name } })
                      : undefined,
                  autoFocus: isNew,
                  'data-testid': 'estimate-client-picker',
                },
              ],
              ['name', { required: true }],
              'job_number',
              ['job_address', { minRows: 1, maxRows: 4 }],
              { row: ['contact_name', 'contact_email'] },
            ],
          },
          {
            stack: [
              'date',
              { row: ['job_start_date', 'job_end_date'] },
              <ToggleChoice
                key="type"
                label={labelOf('type')}
                options={ESTIMATE_TYPE_OPTIONS}
                value={values.type ?? 'commercial'}
                onChange={(v) => form.setFieldValue('type', v)}
                data-testid="estimate-type"
              />,
              ['product_category_list', { 'data-testid': 'estimate-scopes' }],
              ['details', { maxRows: 6 }],
            ],
          },
        ],
      },
    ];
  },
});

function estimateValues({ record, initial }: PlainDialogProps<'estimates'>) {
  const month = currentMonth();
  return formValues(record, {
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
  });
}

/**
 * A new estimate starts as its client's type says (a homeowner's: residential), until the person
 * chooses the type themself.
 */
function useClientsType(form: PlainDialog<'estimates', ReturnType<typeof estimateValues>>['form'], clientId: number | null, given: boolean) {
  const client = useRecord('clients', clientId).data ?? null;
  const clientType = useRecord('client_types', client?.client_type_id ?? null).data ?? null;
  const typeOfClient: EstimateType | null = client ? ((clientType?.estimate_type as EstimateType | null) ?? 'commercial') : null;
  const followedType = useRef<EstimateType>(form.getValues().type ?? 'commercial');
  useEffect(() => {
    if (!typeOfClient || given || form.getValues().type !== followedType.current) return;
    followedType.current = typeOfClient;
    form.setFieldValue('type', typeOfClient);
  }, [typeOfClient]); // eslint-disable-line react-hooks/exhaustive-deps -- follows the client's type only
}

/** Add Estimate with Save and Open: the saved estimate and whether to open it, or null. */
export const addEstimate = (modals: ModalStackApi, props: PlainDialogProps<'estimates'> = {}) => addAndOpen(openEstimateDialog, modals, props);
