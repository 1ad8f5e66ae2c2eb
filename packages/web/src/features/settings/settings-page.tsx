/**
 * Settings (`/settings`): the company settings (name, details and estimate terms as printed on an
 * estimate, burden rate, the label stock labels print on) in one form with one Save; billing's
 * (sales tax, next invoice number, reminder days, export names) in another, for those who see
 * invoices; and
 * for admins the permission matrix. The changed settings are saved together (store_many, all or
 * nothing); without edit settings the values read as text.
 */
import { DEFAULT_LABEL_STOCK, LABEL_STOCKS, LABEL_STOCK_NAMES, SETTING, parseLastBackup, type SettingName } from '@glazier/shared/settings';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { formTarget, reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useSaveMany } from '../../resource-kit/writes/saves.ts';
import { HttpError } from '../../resource-kit/http/http.ts';
import { useCan, useCurrentUser } from '../../resource-kit/http/session-user.ts';
import { useSettingsList, type SettingRec } from '../../resource-kit/records/settings.ts';
import { enterInForm } from '../../ui/focus-next.ts';
import { IntField, MoneyField, QtyField } from '../../ui/fields.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { SettingsCard } from './settings-card.tsx';
import { ReadOnly } from '../../ui/read-only.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';
import { MailSettingsCard } from './mail-settings.tsx';
import { SecuritySettingsCard } from './security-settings.tsx';

const COMPANY_SETTINGS = [
  SETTING.companyName,
  SETTING.companyDetails,
  SETTING.estimateTerms,
  SETTING.burdenRate,
  SETTING.labelStock,
] as const satisfies readonly SettingName[];
type CompanyValues = Record<(typeof COMPANY_SETTINGS)[number], string>;

/** store_many answers `data.{i}.value`; put each message on the setting's own field. */
function onSettingFields(error: unknown, sent: readonly string[]): unknown {
  if (!(error instanceof HttpError) || error.status !== 422 || !error.body?.errors) return error;
  const errors: Record<string, unknown> = {};
  for (const [key, messages] of Object.entries(error.body.errors)) {
    const m = /^data\.(\d+)\.value$/.exec(key);
    errors[m ? (sent[Number(m[1])] ?? key) : key] = messages;
  }
  return new HttpError(error.status, { ...error.body, errors: errors as Record<string, string[]> });
}

/**
 * A form over some settings with one Save: the changed ones are saved together (store_many, all or
 * nothing), each server message under its setting's field.
 */
function SettingsForm<S extends SettingName>({
  names,
  settings,
  canEdit,
  testId,
  children,
}: {
  names: readonly S[];
  settings: SettingRec[];
  canEdit: boolean;
  testId: string;
  children: (form: UseFormReturnType<Record<S, string>>) => ReactNode;
}) {
  const loader = useLoader();
  const queryClient = useQueryClient();
  const saveMany = useSaveMany('settings');
  const stored = (name: string) => settings.find((s) => s.name === name)?.value ?? '';
  const form = useForm<Record<S, string>>({
    mode: 'controlled',
    initialValues: Object.fromEntries(names.map((n) => [n, stored(n)])) as Record<S, string>,
    clearInputErrorOnChange: true,
  });
  const values = form.getValues();
  const changed = names.filter((n) => values[n] !== stored(n));

  const submit = form.onSubmit(async () => {
    if (!changed.length || saveMany.isPending) return;
    try {
      await loader.run(saveMany.mutateAsync(changed.map((name) => ({ name, value: values[name] }))));
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
      form.resetDirty();
      reportSuccess('Settings saved.');
    } catch (e) {
      reportError(onSettingFields(e, changed), { form: formTarget(form, names) });
    }
  });

  return (
    <form onSubmit={submit} onKeyDown={enterInForm} noValidate data-testid={testId}>
      <ReadOnly value={!canEdit}>
        <Stack gap="md">
          {children(form)}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" disabled={!changed.length}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </ReadOnly>
    </form>
  );
}

function CompanyFields({ form }: { form: UseFormReturnType<CompanyValues> }) {
  const values = form.getValues();
  return (
    <>
      <TextField
        label="Company name"
        helper="Shown on the home screen and as the title of dialogs without their own."
        {...form.getInputProps(SETTING.companyName)}
      />
      <TextAreaField
        label="Company details"
        helper="Address, phone and email, one per line: printed under the company name on estimates."
        {...form.getInputProps(SETTING.companyDetails)}
      />
      <TextAreaField
        label="Estimate terms"
        helper="Printed at the end of every estimate (payment, validity, exclusions)."
        {...form.getInputProps(SETTING.estimateTerms)}
      />
      <MoneyField
        label="Burden rate"
        helper="Hourly labour burden; new jobs start with this rate."
        maw={320}
        // the setting is the rate new jobs start with: the job's own rule
        bounds={fieldBounds('jobs', 'burden_rate')}
        value={values[SETTING.burdenRate] === '' ? null : Number(values[SETTING.burdenRate])}
        onChange={(n) => form.setFieldValue(SETTING.burdenRate, n == null ? '' : String(n))}
        error={form.errors[SETTING.burdenRate]}
      />
      <SelectField
        label="Label stock"
        helper="The labels the shop prints on: the print page lays labels out for it."
        maw={420}
        data={LABEL_STOCKS.map((id) => ({ value: id, label: LABEL_STOCK_NAMES[id] }))}
        placeholder={LABEL_STOCK_NAMES[DEFAULT_LABEL_STOCK]}
        value={values[SETTING.labelStock] || null}
        onChange={(v) => form.setFieldValue(SETTING.labelStock, v ?? '')}
        error={form.errors[SETTING.labelStock]}
      />
    </>
  );
}

const BILLING_SETTINGS = [
  SETTING.tax1Name,
  SETTING.tax1Percent,
  SETTING.tax2Name,
  SETTING.tax2Percent,
  SETTING.nextInvoiceNumber,
  SETTING.reminderDays,
  SETTING.exportMapping,
] as const satisfies readonly SettingName[];
type BillingValues = Record<(typeof BILLING_SETTINGS)[number], string>;

/** Billing's settings (docs/domain/billing.md, Settings): the sales tax, the next invoice number, the reminders and the books' names. */
function BillingFields({ form }: { form: UseFormReturnType<BillingValues> }) {
  const values = form.getValues();
  const numberInput = (name: (typeof BILLING_SETTINGS)[number]) => ({
    value: values[name] === '' ? null : Number(values[name]),
    onChange: (n: number | null) => form.setFieldValue(name, n == null ? '' : String(n)),
    error: form.errors[name],
  });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TextField label="Sales tax" helper="Its name on invoices, e.g. State." {...form.getInputProps(SETTING.tax1Name)} />
        <QtyField label="Sales tax %" helper="0 to 100, e.g. 6.25." {...numberInput(SETTING.tax1Percent)} />
        <TextField label="Second tax" helper="E.g. County; leave empty for none." {...form.getInputProps(SETTING.tax2Name)} />
        <QtyField label="Second tax %" {...numberInput(SETTING.tax2Percent)} />
      </SimpleGrid>
      <IntField label="Next invoice number" helper="New invoices are numbered from here at least." maw={320} {...numberInput(SETTING.nextInvoiceNumber)} />
      <TextField
        label="Reminder days"
        helper="Days after the due date an overdue invoice's reminder is emailed, e.g. 7, 21. Empty: no reminders."
        maw={420}
        {...form.getInputProps(SETTING.reminderDays)}
      />
      <TextAreaField
        label="Export names"
        helper='The item and account names your books use, as JSON, e.g. {"qboItems": {"product": "Glass"}, "xeroAccounts": {"product": "200"}}. Empty: the defaults.'
        {...form.getInputProps(SETTING.exportMapping)}
      />
    </>
  );
}

const sizeText = (n: number) =>
  n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/** When the last backup was made (recorded by `npm run db:backup`), for admins. */
function LastBackupCard({ value }: { value: string }) {
  const last = parseLastBackup(value);
  const days = last ? Math.floor((Date.now() - Date.parse(last.at)) / 86_400_000) : undefined;
  return (
    <SettingsCard title="Backups" testId="last-backup">
      {last ? (
        <Text>
          Last backup: {new Date(last.at).toLocaleString()} {days === 0 ? '(today)' : `(${days} day${days === 1 ? '' : 's'} ago)`}, {last.tables} tables,{' '}
          {last.rows.toLocaleString()} rows, {sizeText(last.blob_bytes)} of files and images{last.bytes ? `; a ${sizeText(last.bytes)} file` : ''}.
        </Text>
      ) : (
        <Text>No backup has been recorded yet.</Text>
      )}
      <Text size="sm" c="dimmed" mt="xs">
        Make one on the server with <code>npm run db:backup -- --out FILE</code>; keep the files somewhere other than the server.
      </Text>
    </SettingsCard>
  );
}

export function SettingsPage() {
  const me = useCurrentUser();
  const canEdit = useCan('edit', 'settings');
  const canEditUsers = useCan('edit', 'users');
  // billing's settings are shown to whoever sees invoices
  const canBilling = useCan('view', 'invoices');
  const settings = useSettingsList();
  const value = (name: string) => settings.data?.find((s) => s.name === name)?.value ?? '';

  return (
    <Stack gap="md" maw={960}>
      <ScreenTitle>Settings</ScreenTitle>
      <SettingsCard title="Company">
        {settings.isPending ? (
          <Text c="dimmed">Loading…</Text>
        ) : (
          // Remounted when the stored values change (after a save, or another admin's), so it starts from them.
          <SettingsForm
            key={COMPANY_SETTINGS.map((n) => value(n)).join('\u0000')}
            names={COMPANY_SETTINGS}
            settings={settings.data ?? []}
            canEdit={canEdit}
            testId="company-settings"
          >
            {(form) => <CompanyFields form={form} />}
          </SettingsForm>
        )}
      </SettingsCard>
      {canBilling && !settings.isPending && (
        <SettingsCard title="Billing" description="Sales tax, invoice numbers, payment reminders and the names your books use.">
          <SettingsForm
            key={BILLING_SETTINGS.map((n) => value(n)).join('\u0000')}
            names={BILLING_SETTINGS}
            settings={settings.data ?? []}
            canEdit={canEdit}
            testId="billing-settings"
          >
            {(form) => <BillingFields form={form} />}
          </SettingsForm>
        </SettingsCard>
      )}
      {canEdit && me?.role === 'admin' && !settings.isPending && <LastBackupCard value={value(SETTING.lastBackup)} />}
      {canEdit && me?.role === 'admin' && <MailSettingsCard />}
      <SecuritySettingsCard canEdit={canEdit} admin={canEditUsers} />
      {canEdit && me?.role === 'admin' && (
        <SettingsCard
          title="Role permissions"
          description="What each role may see and change. Edit includes view. The admin role always keeps Settings and Users."
        >
          <PermissionMatrix />
        </SettingsCard>
      )}
    </Stack>
  );
}
