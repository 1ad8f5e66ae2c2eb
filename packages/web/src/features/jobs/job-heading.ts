/**
 * A job's heading: its name by the one naming rule (shared naming.ts, through the kit's headings):
 * its number, or its name without one (docs/platform.md, Dialogs), else "Job" and its id.
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import { recordHeading } from '../../resource-kit/records/record-headings.ts';

export const jobHeading: (j: RecordOf<'jobs'>) => string = recordHeading('jobs').primary;
