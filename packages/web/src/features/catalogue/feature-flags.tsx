/**
 * The six feature flags a product category sets and a series follows or overrides (docs/domain/catalogue.md, Feature flags):
 * cut list, dimensions, measured, ordered, fabricated, units. Which apply: shared/rules/catalogue/series-features.ts.
 */
import type { FeatureFlag, FeatureFlags, Flagged } from '@glazier/shared/rules/catalogue/series-features';
import { Input, SimpleGrid } from '@mantine/core';
import { CheckField } from '../../ui/check-field.tsx';

/** Each flag with its label, in the order the dialogs show them. */
export const FEATURE_FLAG_LABELS: readonly (readonly [FeatureFlag, string])[] = [
  ['enable_cutlist', 'Cut list'],
  ['enable_dimensions', 'Dimensions'],
  ['enable_measured', 'Measured'],
  ['enable_ordered', 'Ordered'],
  ['enable_fabricated', 'Fabricated'],
  ['enable_units', 'Units'],
];

/** The labels of the flags a category or series has on. */
export function enabledFeatures(record: Flagged): string[] {
  return FEATURE_FLAG_LABELS.filter(([key]) => record[key]).map(([, label]) => label);
}

interface Props {
  values: FeatureFlags;
  onChange: (flag: FeatureFlag, on: boolean) => void;
  /** Shown but not changeable (a series following its category). */
  readOnly?: boolean;
}

export function FeatureFlagFields({ values, onChange, readOnly }: Props) {
  return (
    <Input.Wrapper label="Features" labelElement="div">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs" role="group" aria-label="Features" pt={4}>
        {FEATURE_FLAG_LABELS.map(([key, label]) => (
          <CheckField
            key={key}
            kind="switch"
            label={label}
            checked={values[key]}
            onChange={(e) => onChange(key, e.currentTarget.checked)}
            readOnly={readOnly}
          />
        ))}
      </SimpleGrid>
    </Input.Wrapper>
  );
}
