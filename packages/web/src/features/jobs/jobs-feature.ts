/**
 * What jobs bring: jobs and their products, notes, files and images, templates, pickup items and
 * the product to-do lists (contract/feature.ts).
 */
import { IconBriefcase, IconChecklist } from '@tabler/icons-react';
import type { Feature } from '../../contract/feature.ts';
import { headingLine, headingText } from '../../resource-kit/records/record-heading-orders.ts';
import { addLink } from '../../ui/screen-actions.tsx';

export const jobsFeature: Feature<'jobs'> = {
  area: 'jobs',
  resources: {
    jobs: {
      dialog: () => import('./job-dialog.tsx').then((m) => m.openJobDialog),
      // Numbers are newest-first, as in the job lookup; jobs without a number (headed by name) come last.
      heading: { secondary: (r) => headingLine(r.number ? r.name : '', r.client_name, r.address), sort: { column: 'number', direction: 'desc' } },
      page: (id) => `/jobs/${id}`,
    },
    job_products: { dialog: () => import('./job-product-dialog.tsx').then((m) => m.openJobProductDialog) },
    job_templates: { dialog: () => import('./job-template-dialog.tsx').then((m) => m.openJobTemplateRecordDialog) },
    category_templates: {
      dialog: () => import('./category-template-dialog.tsx').then((m) => m.openCategoryTemplateDialog),
      // Category templates of different clients often share a name ("Mirrors"): the client tells them apart.
      heading: { secondary: (r) => headingText(r.client_name), sort: { column: 'name', direction: 'asc' } },
    },
    pickup_items: { dialog: () => import('./pickup-item-dialog.tsx').then((m) => m.openPickupItemDialog) },
    // Attachments (any record's): their dialogs are the resource kit's.
    notes: { dialog: () => import('../../resource-kit/attachments/note-dialog.tsx').then((m) => m.openNoteDialog) },
    files: { dialog: () => import('../../resource-kit/attachments/file-dialog.tsx').then((m) => m.openFileDialog) },
    images: { dialog: () => import('../../resource-kit/attachments/image-dialog.tsx').then((m) => m.openImageDialog) },
    job_images: { dialog: null },
  },
  routes: [
    {
      path: '/jobs',
      screen: () => import('./jobs-page.tsx').then((m) => m.JobsPage),
      children: [
        { path: 'trash', requires: { action: 'edit', area: 'jobs_admin' }, screen: () => import('./job-trash-page.tsx').then((m) => m.JobTrashPage) },
        { path: ':job_id', screen: () => import('./job-page.tsx').then((m) => m.JobPage) },
      ],
    },
    {
      path: '/job_templates',
      requires: { action: 'edit', area: 'jobs_admin' },
      screen: () => import('./job-templates-page.tsx').then((m) => m.JobTemplatesPage),
      children: [{ path: ':job_template_id', screen: () => import('./job-template-page.tsx').then((m) => m.JobTemplatePage) }],
    },
    { path: '/lists/pickup', screen: () => import('./pickup-page.tsx').then((m) => m.PickupPage) },
  ],
  // The Lists group gathers people's clients and purchasing's vendors too.
  menuGroups: [{ key: 'lists', label: 'Lists', order: 90 }],
  menu: [
    { to: '/jobs', label: 'Jobs', order: 10 },
    { to: '/job_templates', label: 'Job Templates', check: { action: 'edit', area: 'jobs_admin' }, order: 50 },
    { to: '/lists/pickup', label: 'Pickup Items', group: 'lists', order: 1 },
    { to: '/lists/products/is_measured', label: 'To Measure', group: 'lists', order: 2 },
    { to: '/lists/products/is_ordered', label: 'To Order', group: 'lists', order: 3 },
    { to: '/lists/products/is_fabricated', label: 'To Fabricate', group: 'lists', order: 4 },
  ],
  dashboard: [
    {
      key: 'jobs',
      title: 'Jobs',
      description: 'Current work, products, notes and photos.',
      icon: IconBriefcase,
      order: 1,
      actions: [
        { label: 'All', to: '/jobs', order: 1 },
        // "Add" opens the job list and raises its add action (the Job dialog).
        { label: 'Add', to: addLink('/jobs'), check: { action: 'edit', area: 'jobs' }, order: 2 },
      ],
    },
    {
      key: 'lists',
      title: 'Pickup Items and Lists',
      description: 'What to measure, order, fabricate and pick up.',
      icon: IconChecklist,
      order: 8,
      actions: [
        { label: 'To Measure', to: '/lists/products/is_measured', order: 1 },
        { label: 'To Order', to: '/lists/products/is_ordered', order: 2 },
        { label: 'To Fabricate', to: '/lists/products/is_fabricated', order: 3 },
        { label: 'Pickup Items', to: '/lists/pickup', order: 4 },
      ],
    },
  ],
};
