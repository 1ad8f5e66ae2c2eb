/**
 * The six feature flags a product category sets and a series follows or overrides (domain.md 3):
 * cut list, dimensions, measured, ordered, fabricated, units.
 */
import { Input, SimpleGrid } from '@mantine/core';
import { CheckField } from '../../ui/fields.tsx';

export const FEATURE_FLAGS = [
  ['enable_cutlist', 'Cut list'],
  ['enable_dimensions', 'Dimensions'],
  ['enable_measured', 'Measured'],
  ['enable_ordered', 'Ordered'],
  ['enable_fabricated', 'Fabricated'],
  ['enable_units', 'Units'],
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number][0];
export type FeatureFlagValues = Record<FeatureFlag, boolean>;

export const NO_FLAGS: FeatureFlagValues = {
  enable_cutlist: false,
  enable_dimensions: false,
  enable_measured: false,
  enable_ordered: false,
  enable_fabricated: false,
  enable_units: false,
};

/** The flags of a record (a category or series), false where it has none. */
export function flagsOf(record: Partial<Record<FeatureFlag, boolean | null>> | null | undefined): FeatureFlagValues {
  const out = { ...NO_FLAGS };
  for (const [key] of FEATURE_FLAGS) out[key] = Boolean(record?.[key]);
  return out;
}

/** The labels of the flags a category or series has on. */
export function enabledFeatures(record: Partial<Record<FeatureFlag, boolean | null>>): string[] {
  return FEATURE_FLAGS.filter(([key]) => record[key]).map(([, label]) => label);
}

interface Props {
  values: FeatureFlagValues;
  onChange: (flag: FeatureFlag, on: boolean) => void;
  /** Shown but not changeable (a series following its category). */
  readOnly?: boolean;
}

export function FeatureFlagFields({ values, onChange, readOnly }: Props) {
  return (
    <Input.Wrapper label="Features" labelElement="div">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" role="group" aria-label="Features" pt={4}>
        {FEATURE_FLAGS.map(([key, label]) => (
          <CheckField key={key} kind="switch" label={label} checked={values[key]} onChange={(e) => onChange(key, e.currentTarget.checked)} readOnly={readOnly} />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
