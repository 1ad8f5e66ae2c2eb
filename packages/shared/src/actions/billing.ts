/**
 * Billing's named actions (docs/domain/billing.md). So far the reads: the receivables' aging. The
 * writes (Send, Record payment, Void, Create from job, Deposit, Export, the reminders) come with
 * the engine's named writes (docs/domain/billing.md, Still to come).
 */
import { z } from 'zod';
import { AGING_BUCKETS } from '../rules/billing/aging.ts';
import { isIsoDate } from '../rules/dates.ts';
import { actionMap, defineAction } from './define.ts';

const VIEW = { action: 'view', area: 'invoices' } as const;

const buckets = Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, z.number()])) as Record<(typeof AGING_BUCKETS)[number] | 'total', z.ZodNumber>;

export const invoiceAging = defineAction({
  name: 'invoices.aging',
  summary:
    'Accounts receivable aging on a day (default today): each client with an open balance, by days past due (current, 1–30, 31–60, 61–90, over 90), and the totals.',
  method: 'GET',
  path: '/api/invoices/aging',
  query: z.object({ as_of: z.string().refine(isIsoDate, 'Must be a date (YYYY-MM-DD).').optional() }),
  answer: z.object({
    data: z.object({
      as_of: z.string(),
      rows: z.array(z.object({ client_id: z.number().int(), client_name: z.string(), ...buckets })),
      totals: z.object(buckets),
    }),
  }),
  permission: VIEW,
});

export const BILLING_ACTIONS = actionMap({ 'invoices.aging': invoiceAging });
