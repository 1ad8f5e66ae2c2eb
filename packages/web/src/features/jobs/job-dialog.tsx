/**
 * Job dialog (docs/domain/jobs.md, Jobs): client (picker with Add New client), number, name, address,
 * start and end dates, foreman, scope (the five scopes), job template (a template of another client
 * cannot be chosen and is cleared; choosing one copies its products into the new job on the
 * server, in the create's transaction), trip charge; burden rate (default from the `burden_rate`
 * setting), additional costs and revenues and invoice amount only with `edit jobs_admin`; the
 * active toggle on edit (a new job is active). Save, or Save and Open to go to `/jobs/{id}`;
 * "Delete this job?". Duplicate: the job's values with the number cleared, the copy made on Save.
 */
import { actionPath } from '@glazier/shared/actions/action-path';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { SCOPES } from '@glazier/shared/resources/jobs';
import { templateFitsClient } from '@glazier/shared/rules/jobs/job-template';
import { SETTING } from '@glazier/shared/settings';
import { useEffect } from 'react';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { addAndOpen, plainDialog, type PlainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import { hasRecordDialog, openRecordDialog } from '../../resource-kit/forms/record-dialogs.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useJobDeletedNotice } from './job-trash.tsx';
import { useSettingValue } from '../../resource-kit/records/settings.ts';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';

type Job = RecordOf<'jobs'>;

/** The fields only `edit jobs_admin` sees and sends. */
const ADMIN_FIELDS = ['burden_rate', 'additional_costs', 'additional_revenues', 'invoice_amount'] as const;

export const TEMPLATE_OTHER_CLIENT = 'This job template belongs to another client.';

/** The `burden_rate` setting as a number, or null when it is not set. */
function settingRate(value: string | null): number | null {
  return value != null && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
}

interface Props extends PlainDialogProps<'jobs'> {
  /** The job being duplicated: the dialog starts from its values, and Save makes the copy. */
  duplicateOf?: Job;
}

/** Opens the Job dialog (add, or edit `record`); resolves with the saved job, or null. */
export const openJobDialog = plainDialog<'jobs', ReturnType<typeof jobValues>, Props>('jobs', {
  testId: 'job-dialog',
  size: 'xl',
  right: 'jobs',
  deleteConfirm: 'Delete this job?',
  values: jobValues,
  useOptions: function useJobOptions({ duplicateOf }) {
    const canAdmin = useCan('edit', 'jobs_admin');
    return {
      deletedMessage: useJobDeletedNotice(),
      // Nothing exists until Save: the server copies the job and its products with these values, at once.
      createPath: duplicateOf ? actionPath(ACTION_ROUTES['jobs.duplicate'], { id: duplicateOf.id }) : undefined,
      savedMessage: duplicateOf ? 'Job duplicated.' : undefined,
      // Without `edit jobs_admin` the guarded fields are neither shown nor sent.
      transform: (v) => {
        const body: Record<string, unknown> = { ...v };
        if (!canAdmin) for (const key of ADMIN_FIELDS) delete body[key];
        return body as InputOf<'jobs'>;
      },
    };
  },
  useFields: function useJobFields({ form, field, isNew }, { duplicateOf, canEdit }) {
    const modals = useModals();
    const canAdmin = useCan('edit', 'jobs_admin');
    // "Add New Client" only for whoever may save the client (docs/platform.md, Pickers and lookups).
    const canAddClient = useCan('edit', 'clients');
    const categoryTemplates = useList('category_templates', {}, { enabled: canEdit });
    const values = form.getValues();
    useDefaultRate(form, isNew && !duplicateOf);

    const chosenTemplate = useRecord('job_templates', values.job_template_id).data ?? null;
    const clientOfCategoryTemplate = (id: number) => categoryTemplates.data?.find((c) => c.id === id)?.client_id ?? null;
    const pickTemplate = (id: number | null, template: RecordOf<'job_templates'> | null) => {
      if (template && !templateFitsClient(template, values.client_id, clientOfCategoryTemplate)) {
        form.setFieldValue('job_template_id', null);
        form.setFieldError('job_template_id', TEMPLATE_OTHER_CLIENT);
        return;
      }
      form.setFieldValue('job_template_id', id);
    };
    const pickClient = (id: number | null) => {
      form.setFieldValue('client_id', id);
      // Only a template of another client is cleared (docs/domain/jobs.md, Templates); one not loaded yet is cleared too,
      // as it cannot be shown to fit.
      if (values.job_template_id != null && !(chosenTemplate && templateFitsClient(chosenTemplate, id, clientOfCategoryTemplate))) {
        form.setFieldValue('job_template_id', null);
      }
    };
    const addClient =
      canEdit && canAddClient && hasRecordDialog('clients')
        ? (prefill: { name: string }) => openRecordDialog(modals, 'clients', { initial: { name: prefill.name } })
        : undefined;
    const fresh = isNew && !duplicateOf;

    return [
      {
        cols: { base: 1, sm: 2 },
        spacing: 'lg',
        fields: [
          {
            stack: [
              ['client_id', { onChange: pickClient, onAddNew: addClient, autoFocus: isNew, 'data-testid': 'job-client-picker' }],
              { row: ['number', 'trip_charge'] },
              'name',
              ['address', { minRows: 1, maxRows: 4 }],
              { row: ['start_date', 'end_date'] },
            ],
          },
          {
            stack: [
              ['foreman_id', { 'data-testid': 'job-foreman-picker' }],
              <MultiSelectField
                key="scope"
                {...field('scope_array')}
                searchable
                data={[...SCOPES]}
                value={values.scope_array ?? []}
                onChange={(v) => form.setFieldValue('scope_array', v as typeof values.scope_array)}
                data-testid="job-scope"
              />,
              [
                'job_template_id',
                {
                  // the templates' list holds category templates too unless told otherwise (docs/domain/jobs.md, Templates)
                  filters: { resource: 'job_templates' },
                  onChange: pickTemplate,
                  helper: fresh ? 'Its products are copied into the new job.' : undefined,
                  // The template's products are copied when the job is made (a copy takes the job's own
                  // products instead); changing it later copies nothing.
                  readOnly: fresh ? undefined : true,
                  'data-testid': 'job-template-picker',
                },
              ],
              canAdmin && { row: ['burden_rate', 'invoice_amount'] },
              canAdmin && { row: ['additional_costs', 'additional_revenues'] },
              !isNew && 'active',
            ],
          },
        ],
      },
    ];
  },
});

function jobValues({ record, initial, duplicateOf }: Props) {
  const values = formValues(record ?? duplicateOf, {
    client_id: initial?.client_id ?? null,
    number: initial?.number ?? '',
    name: initial?.name ?? '',
    address: initial?.address ?? '',
    start_date: initial?.start_date ?? null,
    end_date: initial?.end_date ?? null,
    foreman_id: initial?.foreman_id ?? null,
    scope_array: initial?.scope_array ?? [],
    job_template_id: initial?.job_template_id ?? null,
    trip_charge: initial?.trip_charge ?? null,
    burden_rate: null as number | null,
    additional_costs: null,
    additional_revenues: null,
    invoice_amount: null,
    active: true,
  });
  if (duplicateOf) {
    // A copy is a new job to the form: no identity, no number (the user gives it its own), active.
    delete values.id;
    delete values.updated_at;
    Object.assign(values, { number: '', active: true });
  }
  return values;
}

/** A new job's empty burden rate takes the setting, also when the setting arrives after the dialog opened. */
function useDefaultRate(form: PlainDialog<'jobs', ReturnType<typeof jobValues>>['form'], fresh: boolean) {
  const defaultRate = settingRate(useSettingValue(SETTING.burdenRate));
  useEffect(() => {
    if (!(fresh && defaultRate != null && form.getValues().burden_rate == null)) return;
    // A default, not the person's change: an untouched new job still closes without asking.
    const untouched = !form.isDirty();
    form.setFieldValue('burden_rate', defaultRate);
    if (untouched) form.resetDirty();
  }, [fresh, defaultRate, form]);
}

/**
 * Opens the Job dialog titled Duplicate Job, filled from `job` with the number cleared; Save creates
 * the copy with its products (the `jobs.duplicate` action, with the dialog's values), Cancel
 * leaves nothing behind. Resolves with the copy, or null.
 */
export const openDuplicateJobDialog = (modals: ModalStackApi, job: Job) => openJobDialog(modals, { duplicateOf: job, title: 'Duplicate Job' });

/**
 * Opens the Job dialog with Save and Open; resolves with the saved job and whether the user asked
 * to open it (the caller goes to `/jobs/{id}`), or null.
 */
export const addJob = (modals: ModalStackApi, props: Props = {}) => addAndOpen(openJobDialog, modals, props);
