/**
 * Which job templates a job may use (docs/domain/jobs.md, Templates): a template belongs to a client, or is a
 * subtemplate of a category template (which belongs to a client), or to no client at all. A
 * template of another client than the job's cannot be chosen. The server checks the same on save
 * (server/areas/jobs/jobs-hooks.ts); the dialog clears such a choice at once.
 */
export interface TemplateOwner {
  client_id?: number | null;
  category_template_id?: number | null;
}

/** The client a template belongs to, through its category template when it has no client itself. */
export function templateClientId(template: TemplateOwner, categoryTemplateClient: (id: number) => number | null): number | null {
  if (template.client_id != null) return template.client_id;
  if (template.category_template_id != null) return categoryTemplateClient(template.category_template_id);
  return null;
}

/** Whether a job of client `clientId` may use the template. */
export function templateFitsClient(
  template: TemplateOwner,
  clientId: number | null | undefined,
  categoryTemplateClient: (id: number) => number | null,
): boolean {
  const owner = templateClientId(template, categoryTemplateClient);
  return owner == null || owner === clientId;
}
