/**
 * The feature flags that apply to a job product of a given series: the category's while the series
 * follows it (shared/rules/catalogue/series-features.ts). Series and categories are reference
 * lists, loaded once. Used by the jobs area (the product dialog and table) and the shop floor
 * (cut lists, print options).
 */
import { seriesFlags, type FeatureFlags } from '@glazier/shared/rules/catalogue/series-features';
import { useList } from './queries.ts';

export function useSeriesFlags(): (seriesId: number | null | undefined) => FeatureFlags {
  const series = useList('series');
  const categories = useList('product_categories');
  return (seriesId) => {
    const s = seriesId == null ? undefined : series.data?.find((x) => x.id === seriesId);
    return seriesFlags(
      s,
      categories.data?.find((c) => c.id === s?.category_id),
    );
  };
}
