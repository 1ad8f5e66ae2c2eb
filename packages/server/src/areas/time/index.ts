/** Time on the server: time entries' rules, its actions. */
import type { ServerArea } from '../../engine/server-area.ts';
import { timeEntriesHooks } from './time-entries-hooks.ts';
import { timeHandlers } from './time-actions.ts';

export const timeArea = {
  hooks: { time_entries: timeEntriesHooks },
  handlers: timeHandlers,
} satisfies ServerArea<'time'>;
