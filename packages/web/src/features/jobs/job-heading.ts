/**
 * A job's heading: its number, or its name without one (platform.md 2.7), the kit's job heading
 * (record-headings.ts) with a word for a job that has neither.
 */
import type { RecordOf } from '../../resource-kit/hooks.ts';
import { recordHeading } from '../../resource-kit/record-headings.ts';

const heading = recordHeading('jobs');

export const jobHeading = (j: RecordOf<'jobs'>) => heading.primary(j) || 'Untitled job';
