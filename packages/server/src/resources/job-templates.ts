import type { Row } from '../db/client.ts';
import { invalid } from '../engine/errors.ts';
import type { Hooks } from '../engine/server-resource.ts';
import { jobsHooks } from './jobs.ts';

const BOTH = 'A job template belongs to a client or to a category template, not both.';

/**
 * Job templates are jobs with is_template (domain.md 3). Their plain list (domain.md 7) holds job
 * templates and category templates together, each with a `type`; `resource` narrows to one kind.
 */
export const jobTemplatesHooks: Hooks = {
  ...jobsHooks,
  async beforeSave(args) {
    // domain.md 5: a client's own template, or a subtemplate of a category template, never both.
    const merged = { ...args.existing, ...args.values };
    if (merged.client_id != null && merged.category_template_id != null) throw invalid({ client_id: [BOTH], category_template_id: [BOTH] });
    await jobsHooks.beforeSave!(args);
  },
  present: (_ctx, row) => ({ ...row, type: 'job_template' }),
  async list(_ctx, q, base) {
    const kind = typeof q.resource === 'string' ? q.resource.replace(/s$/, '') : '';
    const out: Row[] = [];
    let truncated = false;
    if (kind !== 'category_template') {
      const jobs = await base('job_templates', q);
      out.push(...jobs.data);
      truncated ||= Boolean(jobs.truncated);
    }
    if (kind !== 'job_template') {
      const categories = await base('category_templates', { client_id: q.client_id, search: q.search });
      out.push(...categories.data.map((r) => ({ ...r, type: 'category_template' })));
      truncated ||= Boolean(categories.truncated);
    }
    return truncated ? { data: out, truncated: true } : { data: out };
  },
};
