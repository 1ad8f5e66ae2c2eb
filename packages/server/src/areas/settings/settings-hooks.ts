import { fieldValueSchema } from '@glazier/shared/resources/field-schemas';
import { isBlank } from '@glazier/shared/resources/fields';
import type { SettingName } from '@glazier/shared/settings';
import { SETTING_VALUE_FIELDS } from '@glazier/shared/setting-values';
import { invalid } from '../../engine/errors.ts';
import type { Hooks } from '../../engine/server-resource.ts';

/** Settings are saved by name (store_many upserts them); a known setting's value keeps its field's rule. */
export const settingsHooks: Hooks<'settings'> = {
  upsertBy: 'name',
  beforeSave({ values, existing }) {
    const name = values.name ?? existing?.name;
    const value = values.value === undefined ? existing?.value : values.value;
    const field = SETTING_VALUE_FIELDS[name as SettingName];
    if (!field || isBlank(value)) return;
    const parsed = fieldValueSchema(field).safeParse(value);
    if (!parsed.success) throw invalid({ value: [parsed.error.issues[0]!.message] });
  },
};
