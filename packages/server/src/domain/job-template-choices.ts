import type { Row } from '../db/client.ts';
import type { Ctx } from '../engine/context.ts';
import { list } from '../engine/engine.ts';

/**
 * GET /api/job_templates (domain.md 7): job templates and category templates together, each as
 * {type, id, name, client_id, ...}; `resource` narrows to one kind.
 */
export async function listJobTemplateChoices(ctx: Ctx, q: Row): Promise<{ data: Row[] }> {
  const kind = typeof q.resource === 'string' ? q.resource.replace(/s$/, '') : '';
  const out: Row[] = [];
  if (kind !== 'category_template') {
    const { data } = await list(ctx, 'job_templates', q);
    out.push(...data.map((r) => ({ ...r, type: 'job_template' })));
  }
  if (kind !== 'job_template') {
    const { data } = await list(ctx, 'category_templates', { client_id: q.client_id, search: q.search });
    out.push(...data.map((r) => ({ ...r, type: 'category_template' })));
  }
  return { data: out };
}
