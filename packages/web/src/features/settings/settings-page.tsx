/** Settings (`/settings`): company name, burden rate, and for admins the permission matrix. */
import { SETTING, type SettingName } from '@glazier/shared/settings';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { formTarget, reportError } from '../../resource-kit/error-mapper.tsx';
import { saveRecord, storeRecords } from '../../resource-kit/hooks.ts';
import { useCan, useCurrentUser } from '../../resource-kit/session-user.ts';
import { useSettingsList, type SettingRec } from '../../resource-kit/settings.ts';
import { useQueryClient } from '@tanstack/react-query';
import { MoneyField } from '../../ui/fields.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';

function SettingForm({
  name,
  label,
  helper,
  current,
  disabled,
  input,
}: {
  name: SettingName;
  label: string;
  helper: string;
  current: string;
  disabled: boolean;
  input: (props: { value: string; onChange: (v: string) => void; error: ReactNode; disabled: boolean }) => ReactNode;
}) {
  const loader = useLoader();
  const queryClient = useQueryClient();
  const form = useForm({ mode: 'controlled', initialValues: { value: current } });
  const dirty = form.getValues().value !== current;

  const submit = form.onSubmit(async ({ value }) => {
    try {
      const saved = await loader.run(saveRecord<SettingRec>('settings', { name, value }));
      storeRecords(queryClient, 'settings', [saved]);
      form.resetDirty({ value: saved.value ?? '' });
      notifications.show({ color: 'teal', message: `${label} saved.` });
    } catch (e) {
      reportError(e, { form: formTarget(form, ['value']) });
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid={`setting-${name}`}>
      <Stack gap={6}>
        {input({ value: form.getValues().value, onChange: (v) => form.setFieldValue('value', v), error: form.errors.value, disabled })}
        <Text size="xs" c="dimmed">
          {helper}
        </Text>
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" size="xs" disabled={!dirty}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

export function SettingsPage() {
  const me = useCurrentUser();
  const canEdit = useCan('edit', 'settings');
  const settings = useSettingsList();
  const value = (name: string) => settings.data?.find((s) => s.name === name)?.value ?? '';

  return (
    <Stack gap="md" maw={960}>
      <ScreenTitle>Settings</ScreenTitle>
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={4} mb="sm">
          Company
        </Title>
        {settings.isPending ? (
          <Text c="dimmed">Loading…</Text>
        ) : (
          <Stack gap="lg">
            <SettingForm
              key={`company-${value(SETTING.companyName)}`}
              name={SETTING.companyName}
              label="Company name"
              helper="Shown on the home screen and as the title of dialogs without their own."
              current={value(SETTING.companyName)}
              disabled={!canEdit}
              input={(p) => <TextField label="Company name" value={p.value} onChange={(e) => p.onChange(e.currentTarget.value)} error={p.error} disabled={p.disabled} />}
            />
            <SettingForm
              key={`burden-${value(SETTING.burdenRate)}`}
              name={SETTING.burdenRate}
              label="Burden rate"
              helper="Hourly labour burden; new jobs start with this rate."
              current={value(SETTING.burdenRate)}
              disabled={!canEdit}
              input={(p) => (
                <MoneyField
                  label="Burden rate"
                  w={220}
                  value={p.value === '' ? null : Number(p.value)}
                  onChange={(n) => p.onChange(n == null ? '' : String(n))}
                  error={p.error}
                  disabled={p.disabled}
                />
              )}
            />
          </Stack>
        )}
      </Card>
      {canEdit && me?.role === 'admin' && (
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Title order={4}>Role permissions</Title>
          <Text size="sm" c="dimmed" mb="sm">
            What each role may see and change. Edit includes view. The admin role always keeps Settings and Users.
          </Text>
          <PermissionMatrix />
        </Card>
      )}
    </Stack>
  );
}
