/**
 * The zod schemas of json fields, named by the fields that take them (`f.json({ schema: 'cut_list' })`):
 * the server validates a body with them (field-schemas.ts) and the API document shows them. A
 * definition names its schema instead of holding it, so the resource definitions carry no zod and
 * a screen that reads records (the registry, a record's types) loads none.
 */
import { z } from 'zod';
import { CUT_LIST_MAX_DEPTH, CUT_LIST_MAX_ROWS, CUT_LIST_MAX_TEXT, parseCutList, type CutListRow } from '../rules/shop-floor/cut-list.ts';
import { parseExportMapping } from '../rules/billing/export-mapping.ts';
import { parseReminderDays } from '../rules/billing/reminders.ts';
import { SCOPES } from '../rules/value-lists.ts';

/**
 * A job product's cut list (`cut_list_json`, rules/shop-floor/cut-list.ts): reads any JSON, answers the tidied tree, or one
 * issue on the field itself (so the 422 names `cut_list_json`, not a row deep inside it).
 */
export const cutListSchema = z.unknown().transform((value, ctx): CutListRow[] => {
  const parsed = parseCutList(value);
  if (parsed.ok) return parsed.rows;
  ctx.addIssue({ code: 'custom', message: parsed.error });
  return z.NEVER;
});

/** What the schema above takes, for the API document: rows of text and sub-rows (null and blank texts are dropped). */
export const cutListRowDocument: z.ZodType = z
  .object({
    text: z.string().max(CUT_LIST_MAX_TEXT).nullable().optional(),
    get sub_rows() {
      return z.array(cutListRowDocument).optional();
    },
  })
  .meta({
    id: 'cut_list_row',
    description: `A row of a cut list and the rows under it (at most ${CUT_LIST_MAX_DEPTH} levels and ${CUT_LIST_MAX_ROWS} rows in all).`,
  });

export const JSON_FIELD_SCHEMAS = {
  /** A job's scope: up to five of the scopes. */
  job_scope: { schema: z.array(z.enum(SCOPES)).max(5) },
  cut_list: { schema: cutListSchema, documented: z.array(cutListRowDocument) },
  /** Settings (setting-values.ts) stored as text. */
  reminder_days: {
    schema: z.string().check((ctx) => {
      const days = parseReminderDays(ctx.value);
      if (!days.ok) ctx.issues.push({ code: 'custom', message: days.message, input: ctx.value });
    }),
  },
  export_mapping: {
    schema: z.string().check((ctx) => {
      const map = parseExportMapping(ctx.value);
      if (!map.ok) ctx.issues.push({ code: 'custom', message: map.message, input: ctx.value });
    }),
  },
} satisfies Record<string, { schema: z.ZodType; documented?: z.ZodType }>;

export type JsonSchemaName = keyof typeof JSON_FIELD_SCHEMAS;
