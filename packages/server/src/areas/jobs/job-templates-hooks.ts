import { sql } from 'drizzle-orm';
import type { Row } from '../../db/client.ts';
import type { Hooks, UnionPart } from '../../engine/server-resource.ts';
import { jobsHooks } from './jobs-hooks.ts';

/** Which kinds `resource` asks for (`job_templates`, `category_templates`, or both). */
function kindsOf(q: Row): { jobTemplates: boolean; categoryTemplates: boolean } {
  const kind = typeof q.resource === 'string' ? q.resource.replace(/s$/, '') : '';
  return { jobTemplates: kind !== 'category_template', categoryTemplates: kind !== 'job_template' };
}

/** What of the query a category template reads: its client and the search (the rest is the job templates'). */
const categoryQuery = (q: Row): Row => ({ client_id: q.client_id, search: q.search });

/** A category template shows and is searched by its client's name, as a job by its client_name. */
export const categoryTemplatesHooks: Hooks<'category_templates'> = {
  computed: { client_name: (t) => sql`(SELECT c.name FROM clients c WHERE c.id = ${t.client_id})` },
};

/**
 * Job templates are jobs with is_template (docs/domain/jobs.md, Templates). Their list (same section), plain or paged,
 * holds job templates and category templates together, each with a `type`; `resource` narrows to
 * one kind. The page is one SQL over both tables (engine `union`): search, sort and total over both.
 */
export const jobTemplatesHooks: Hooks<'job_templates'> = {
  ...jobsHooks,
  present: (_ctx, row) => ({ ...row, type: 'job_template' }),
  async list(_ctx, q, base) {
    const kinds = kindsOf(q);
    const out: Row[] = [];
    let truncated = false;
    if (kinds.jobTemplates) {
      const jobs = await base('job_templates', q);
      out.push(...jobs.data);
      truncated ||= Boolean(jobs.truncated);
    }
    if (kinds.categoryTemplates) {
      const categories = await base('category_templates', categoryQuery(q));
      out.push(...categories.data.map((r) => ({ ...r, type: 'category_template' })));
      truncated ||= Boolean(categories.truncated);
    }
    return truncated ? { data: out, truncated: true } : { data: out };
  },
  page(_ctx, q, union) {
    const kinds = kindsOf(q);
    // The sort and paging are the combined page's; each part reads only its filters and search.
    const { page: _page, per_page: _perPage, sort_column: _column, sort_direction: _direction, ...filters } = q;
    const parts: UnionPart[] = [];
    if (kinds.jobTemplates) parts.push({ name: 'job_templates', type: 'job_template', q: filters });
    if (kinds.categoryTemplates) parts.push({ name: 'category_templates', type: 'category_template', q: categoryQuery(q) });
    return union(parts, q);
  },
};
