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
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog, useSaveAndOpen } from '../../resource-kit/forms/record-dialog.tsx';
import { hasRecordDialog, openRecordDialog, type RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useJobDeletedNotice } from './job-trash.tsx';
import { useSettingValue } from '../../resource-kit/records/settings.ts';
import { MoneyField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';

type Job = RecordOf<'jobs'>;

/** The fields only `edit jobs_admin` sees and sends. */
const ADMIN_FIELDS = ['burden_rate', 'additional_costs', 'additional_revenues', 'invoice_amount'] as const;

export const TEMPLATE_OTHER_CLIENT = 'This job template belongs to another client.';

/** The `burden_rate` setting as a number, or null when it is not set. */
function settingRate(value: string | null): number | null {
  return value != null && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
}

interface FormProps extends RecordDialogOptions<'jobs'> {
  /** Told, as a save starts, whether it was Save and Open (true) or Save (false). */
  onOpenRequested?: (open: boolean) => void;
  title?: string;
  /** The job being duplicated: the dialog starts from its values, and Save makes the copy. */
  duplicateOf?: Job;
}

function JobForm({ record, initial, onOpenRequested, title, duplicateOf }: FormProps) {
  const modals = useModals();
  const canEdit = useCan('edit', 'jobs');
  const canAdmin = useCan('edit', 'jobs_admin');
  // "Add New Client" only for whoever may save the client (docs/platform.md, Pickers and lookups).
  const canAddClient = useCan('edit', 'clients');
  const burdenRate = useSettingValue(SETTING.burdenRate);
  const categoryTemplates = useList('category_templates', {}, { enabled: canEdit });

  const initialValues = formValues(record ?? duplicateOf, {
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
    burden_rate: record || duplicateOf ? null : settingRate(burdenRate),
    additional_costs: null,
    additional_revenues: null,
    invoice_amount: null,
    active: true,
  });
  if (duplicateOf) {
    // A copy is a new job to the form: no identity, no number (the user gives it its own), active.
    delete initialValues.id;
    delete initialValues.updated_at;
    Object.assign(initialValues, { number: '', active: true });
  }
  const deletedNotice = useJobDeletedNotice();
  const dialog = useRecordDialog('jobs', {
    deleteConfirm: 'Delete this job?',
    deletedMessage: deletedNotice,
    initialValues,
    // Nothing exists until Save: the server copies the job and its products with these values, at once.
    createPath: duplicateOf ? actionPath(ACTION_ROUTES['jobs.duplicate'], { id: duplicateOf.id }) : undefined,
    savedMessage: duplicateOf ? 'Job duplicated.' : undefined,
    // Without `edit jobs_admin` the guarded fields are neither shown nor sent.
    transform: (v) => {
      const body: Record<string, unknown> = { ...v };
      if (!canAdmin) for (const key of ADMIN_FIELDS) delete body[key];
      return body as InputOf<'jobs'>;
    },
  });
  const { form, field, isNew } = dialog;
  const values = form.getValues();
  // The setting may arrive after the dialog opened: a new job's empty burden rate takes it then.
  const defaultRate = settingRate(burdenRate);
  useEffect(() => {
    if (!(isNew && !duplicateOf && defaultRate != null && form.getValues().burden_rate == null)) return;
    // A default, not the person's change: an untouched new job still closes without asking.
    const untouched = !form.isDirty();
    form.setFieldValue('burden_rate', defaultRate);
    if (untouched) form.resetDirty();
  }, [isNew, duplicateOf, defaultRate, form]);

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

  // Save (the form's submit, Enter on the last field) and Save and Open differ only in what the
  // opener does with the saved job.
  const { dialog: formDialog, extra } = useSaveAndOpen(dialog, onOpenRequested, canEdit);

  return (
    <RecordDialogForm dialog={formDialog} canSave={canEdit} canDelete={canEdit} title={title} extra={extra}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
        <Stack gap="sm">
          <RecordPicker
            resource="clients"
            {...field('client_id')}
            onChange={pickClient}
            onAddNew={
              canEdit && canAddClient && hasRecordDialog('clients')
                ? (prefill) => openRecordDialog(modals, 'clients', { initial: { name: prefill.name } })
                : undefined
            }
            autoFocus={isNew}
            data-testid="job-client-picker"
          />
          <Group grow align="flex-start" gap="sm">
            <TextField {...field('number')} />
            <MoneyField {...field('trip_charge')} />
          </Group>
          <TextField {...field('name')} />
          <TextAreaField autosize minRows={1} maxRows={4} {...field('address')} />
          <Group grow align="flex-start" gap="sm">
            <DateField {...field('start_date')} />
            <DateField {...field('end_date')} />
          </Group>
        </Stack>
        <Stack gap="sm">
          <RecordPicker resource="users" {...field('foreman_id')} data-testid="job-foreman-picker" />
          <MultiSelectField
            {...field('scope_array')}
            searchable
            data={[...SCOPES]}
            value={values.scope_array ?? []}
            onChange={(v) => form.setFieldValue('scope_array', v as typeof values.scope_array)}
            data-testid="job-scope"
          />
          <RecordPicker
            resource="job_templates"
            // the templates' list holds category templates too unless told otherwise (docs/domain/jobs.md, Templates)
            filters={{ resource: 'job_templates' }}
            {...field('job_template_id')}
            onChange={pickTemplate}
            helper={isNew && !duplicateOf ? 'Its products are copied into the new job.' : undefined}
            // The template's products are copied when the job is made (a copy takes the job's own
            // products instead); changing it later copies nothing.
            readOnly={isNew && !duplicateOf ? undefined : true}
            data-testid="job-template-picker"
          />
          {canAdmin && (
            <>
              <Group grow align="flex-start" gap="sm">
                <MoneyField {...field('burden_rate')} />
                <MoneyField {...field('invoice_amount')} />
              </Group>
              <Group grow align="flex-start" gap="sm">
                <MoneyField {...field('additional_costs')} />
                <MoneyField {...field('additional_revenues')} />
              </Group>
            </>
          )}
          {!isNew && <CheckField kind="switch" {...field('active')} />}
        </Stack>
      </SimpleGrid>
    </RecordDialogForm>
  );
}

/** Opens the Job dialog (add, or edit `record`); resolves with the saved job, or null. */
export function openJobDialog(modals: ModalStackApi, props: RecordDialogOptions<'jobs'> & { title?: string } = {}): Promise<Job | null> {
  // The form sets the title: Add Job, Edit Job, or Job when read-only.
  return modals.push<Job>(() => <JobForm {...props} />, { testId: 'job-dialog', size: 'xl' });
}

/**
 * Opens the Job dialog titled Duplicate Job, filled from `job` with the number cleared; Save creates
 * the copy with its products (the `jobs.duplicate` action, with the dialog's values), Cancel
 * leaves nothing behind. Resolves with the copy, or null.
 */
export function openDuplicateJobDialog(modals: ModalStackApi, job: Job): Promise<Job | null> {
  return modals.push<Job>(() => <JobForm duplicateOf={job} title="Duplicate Job" />, { testId: 'job-dialog', size: 'xl' });
}

/**
 * Opens the Job dialog with Save and Open; resolves with the saved job and whether the user asked
 * to open it (the caller goes to `/jobs/{id}`), or null.
 */
export async function addJob(modals: ModalStackApi, props: RecordDialogOptions<'jobs'> = {}): Promise<{ job: Job; open: boolean } | null> {
  let open = false;
  const job = await modals.push<Job>(() => <JobForm {...props} onOpenRequested={(o) => (open = o)} />, { testId: 'job-dialog', size: 'xl' });
  return job ? { job, open } : null;
}
