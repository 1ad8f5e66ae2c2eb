/**
 * `/schedule`'s screen as the route loads it: this small module, then the calendar page
 * (FullCalendar and what it needs, schedule-page.tsx) behind it. The page imports the dialogs; the
 * dialogs import nothing of the page, so the two chunks do not import each other.
 */
import { lazy } from 'react';

export const SchedulePage = lazy(() => import('./schedule-page.tsx').then((m) => ({ default: m.SchedulePage })));
