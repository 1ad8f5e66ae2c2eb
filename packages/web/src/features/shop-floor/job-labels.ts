/**
 * Making the labels of chosen job products (shared/rules/shop-floor/job-labels.ts), each with a QR
 * code of its job product's page (`/job_products/{id}`, B2), and sending them to the print page.
 */
import type { FeatureFlags } from '@glazier/shared/rules/catalogue/series-features';
import { productLabels, type LabelledJob } from '@glazier/shared/rules/shop-floor/job-labels';
import type { Label } from '@glazier/shared/rules/shop-floor/labels';
import type { RecordOf } from '../../resource-kit/hooks.ts';
import { appUrl } from '../../ui/labels.ts';

/** The app path of a job product's page (what its labels' QR codes open). */
export const jobProductPath = (id: number) => `/job_products/${id}`;

/** The labels of `products` in order, each of its job (by id). */
export function jobProductLabels(
  products: readonly RecordOf<'job_products'>[],
  jobOf: (jobId: number) => LabelledJob | null | undefined,
  flagsOf: (seriesId: number | null) => FeatureFlags,
): Label[] {
  return products.flatMap((p) => productLabels(p, jobOf(p.job_id) ?? null, flagsOf(p.series_id), appUrl(jobProductPath(p.id))));
}
