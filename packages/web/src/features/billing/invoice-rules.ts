/** What the screens ask of an invoice's rules (shared/rules/billing/invoice-status.ts). */
import { editable } from '@glazier/shared/rules/billing/invoice-status';
import type { RecordOf } from '@glazier/shared/resources/records';

/** Whether its fields and lines may change: a draft no export took. */
export const isEditable = (i: Pick<RecordOf<'invoices'>, 'number' | 'status' | 'exported_batch_id'>): boolean =>
  editable({ number: i.number ?? null, status: i.status ?? 'draft', exported: i.exported_batch_id != null }).ok;
