/**
 * Which features a series' products have (docs/domain/catalogue.md, Feature flags): a product category sets
 * six flags; a series with `use_category_settings` on (the default) follows its category's flags,
 * otherwise it has its own. Whatever asks "does this job product show dimensions / measured /
 * ordered / fabricated / a cut list" (the JobProduct dialog, the job's product table, cut lists and
 * labels) asks this rule, never the series' own columns, which are stale while it follows.
 */
export const FEATURE_FLAGS = ['enable_cutlist', 'enable_dimensions', 'enable_measured', 'enable_ordered', 'enable_fabricated', 'enable_units'] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** A category or a series: the flags it has, any of them possibly missing. */
export type Flagged = Partial<Record<FeatureFlag, boolean | null>>;

export const NO_FLAGS: FeatureFlags = {
  enable_cutlist: false,
  enable_dimensions: false,
  enable_measured: false,
  enable_ordered: false,
  enable_fabricated: false,
  enable_units: false,
};

/** The record's own flags, false where it has none. */
export function flagsOf(record: Flagged | null | undefined): FeatureFlags {
  const out = { ...NO_FLAGS };
  for (const key of FEATURE_FLAGS) out[key] = Boolean(record?.[key]);
  return out;
}

/**
 * The flags that apply to a series: its category's while it uses the category settings (missing
 * counts as on, the default), else its own. No series: nothing is enabled.
 */
export function seriesFlags(
  series: (Flagged & { use_category_settings?: boolean | null }) | null | undefined,
  category: Flagged | null | undefined,
): FeatureFlags {
  if (!series) return { ...NO_FLAGS };
  return (series.use_category_settings ?? true) ? flagsOf(category) : flagsOf(series);
}

/** Whether a job product of the series shows any of the measured / ordered / fabricated toggles. */
export function hasProgressFlags(flags: FeatureFlags): boolean {
  return flags.enable_measured || flags.enable_ordered || flags.enable_fabricated;
}
