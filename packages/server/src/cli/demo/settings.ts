/** The settings area of the demo: the company's name, burden rate and reminder days, stored through the engine as a user would. */
import { create } from '../../engine/write.ts';
import type { Ctx } from '../../engine/context.ts';

export const DEMO_COMPANY = 'Demo Glass & Mirror Co.';

/** The burden rate ($/hour) the demo jobs carry, and the setting's value. */
export const DEMO_BURDEN_RATE = 32.5;

export async function seedSettings(system: Ctx): Promise<void> {
  await create(system, 'settings', { name: 'company_name', value: DEMO_COMPANY });
  await create(system, 'settings', { name: 'burden_rate', value: DEMO_BURDEN_RATE.toFixed(2) });
  // overdue invoices get a reminder a week and three weeks after their due date
  await create(system, 'settings', { name: 'reminder_days', value: '7, 21' });
}
