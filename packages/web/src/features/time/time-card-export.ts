/**
 * The payroll export of a shown week (one person's, or the crew's): the kit's CSV export of the
 * time entries of the week (resource-kit/transfer/csv-export.tsx), with the columns a payroll
 * clerk reads — who, when, on which job, hours both as a decimal and as hh:mm, Oregon, the note.
 */
import { addDays, formatHours } from '@glazier/shared/rules/dates';
import type { TransferColumn } from '../../resource-kit/transfer/transfer-column.ts';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';

export const PAYROLL_COLUMNS: TransferColumn[] = [
  { key: 'user_id', label: 'Employee' },
  { key: 'date', label: 'Date' },
  { key: 'job_number', label: 'Job number' },
  { key: 'job_name', label: 'Job name' },
  { key: 'client_name', label: 'Client' },
  { key: 'hours', label: 'Hours', text: (r) => String(Number(r.hours) || 0) },
  { key: 'hours_hhmm', label: 'Hours (hh:mm)', text: (r) => formatHours(Number(r.hours) || 0) },
  { key: 'oregon', label: 'Oregon' },
  { key: 'note', label: 'Note' },
];

/** What the export asks the list for: the week's entries of one person by date, or everyone's by person then date. */
export function payrollQuery(week: string, userId: number | null) {
  const range = { start: week, end: addDays(week, 6) };
  return userId != null
    ? { ...range, user_id: userId, sort_column: 'date', sort_direction: 'asc' }
    : { ...range, sort_column: 'user_name', sort_direction: 'asc' };
}

export async function exportPayroll(modals: ModalStackApi, week: string, who: { userId: number; name: string } | null): Promise<void> {
  const { exportCsv } = await import('../../resource-kit/transfer/csv-export.tsx');
  const slug = who
    ? who.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
    : 'crew';
  await exportCsv({
    modals,
    resource: 'time_entries',
    columns: PAYROLL_COLUMNS,
    query: payrollQuery(week, who?.userId ?? null),
    name: `time-${slug || 'employee'}-week-of-${week}`,
  });
}
