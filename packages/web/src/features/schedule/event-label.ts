/** "26-0412", or the job's name without a number (docs/platform.md, Dialogs): an event as the calendar and its dialog name it. */
export const eventJobLabel = (e: { job_number?: string | null; job_name?: string | null }) => e.job_number || e.job_name || 'Job';
