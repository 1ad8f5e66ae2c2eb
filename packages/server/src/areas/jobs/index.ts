/** Jobs on the server: jobs, templates, their products, pickups and attachments, their actions; the palette finds jobs. */
import type { ServerArea } from '../../engine/server-area.ts';
import { hitLine } from '../../platform/search-everything.ts';
import { createdByHooks, withEstimateRecords } from '../../platform/attachments/ownership.ts';
import { filesHooks, storedImagesHooks } from '../../platform/attachments/files-images.ts';
import { jobsHooks } from './jobs-hooks.ts';
import { jobProductsHooks } from './job-products-hooks.ts';
import { onLiveJob } from './job-children.ts';
import { pickupItemsHooks } from './pickup-items-hooks.ts';
import { categoryTemplatesHooks, jobTemplatesHooks } from './job-templates-hooks.ts';
import { jobsHandlers } from './jobs-actions.ts';

export const jobsArea = {
  hooks: {
    jobs: jobsHooks,
    job_templates: jobTemplatesHooks,
    category_templates: categoryTemplatesHooks,
    // a job in the trash keeps its records as they were (job-children.ts); a template's products are job products too
    job_products: onLiveJob(jobProductsHooks),
    pickup_items: pickupItemsHooks,
    // an estimate's notes, files and images are the estimates area's (ownership.ts)
    notes: onLiveJob(withEstimateRecords(createdByHooks, 'jobs', { showOnJob: true })),
    files: onLiveJob(withEstimateRecords(filesHooks, 'jobs', { showOnJob: true })),
    images: onLiveJob(withEstimateRecords(storedImagesHooks, 'images', { showOnJob: false })),
    job_images: onLiveJob(withEstimateRecords(storedImagesHooks, 'images', { showOnJob: false })),
  },
  handlers: jobsHandlers,
  palette: {
    jobs: { order: 10, query: (q) => ({ search: q }), subtitle: (r) => hitLine(r.number ? r.name : null, r.client_name) },
  },
} satisfies ServerArea<'jobs'>;
