/** Analysis on the server: its reports, as actions (it has no resources). */
import type { ServerArea } from '../../engine/server-area.ts';
import { analysisHandlers } from './analysis-actions.ts';

export const analysisArea = {
  handlers: analysisHandlers,
} satisfies ServerArea<'analysis'>;
