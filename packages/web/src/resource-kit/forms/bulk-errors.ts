/**
 * A bulk save made from one form (the same record on several days, schedule's Event dialog): the
 * server names each record's errors by its place (`data.2.user_id`), which are the form's own
 * fields (`user_id`). Kept out of error-mapper.tsx, which the first screen loads.
 */
import { HttpError } from '../http/http.ts';

export function errorsOfOneForm(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.status !== 422 || !error.body?.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.body.errors)) errors[key.replace(/^data\.\d+\./, '')] ??= messages;
  return new HttpError(error.status, { ...error.body, errors });
}
