/** Home dashboard cards and their permission rules (docs/platform.md, Screens and navigation), as each area declares them. */
import type { Icon } from '@tabler/icons-react';
import { can, type HasPermissions } from '@glazier/shared/permissions';
import { byOrder, type CardAction, type Check, type DashboardCardDeclaration } from '../contract/feature.ts';
import { FEATURES } from './features.ts';

export interface DashboardCard {
  key: string;
  title: string;
  description: string;
  icon: Icon;
  actions: CardAction[];
}

/** Every card with its buttons, its own and those other areas add to it, in order. */
const CARDS: DashboardCardDeclaration[] = (() => {
  const cards = new Map(FEATURES.flatMap((f) => f.dashboard ?? []).map((c) => [c.key, { ...c, actions: [...c.actions] }]));
  for (const { card, ...action } of FEATURES.flatMap((f) => f.cardActions ?? [])) {
    const target = cards.get(card);
    if (!target) throw new Error(`The dashboard button ${action.label} names the card ${card}, which no feature declares.`);
    target.actions.push(action);
  }
  return byOrder([...cards.values()]).map((c) => ({ ...c, actions: byOrder(c.actions) }));
})();

export function dashboardCards(user: HasPermissions | null): DashboardCard[] {
  const allowed = (check?: Check) => !check || can(user, check.action, check.area);
  return CARDS.filter((c) => allowed(c.check)).map(({ key, title, description, icon, actions }) => ({
    key,
    title,
    description,
    icon,
    actions: actions.filter((a) => allowed(a.check)).map((a): CardAction => ('to' in a ? { label: a.label, to: a.to } : { label: a.label, run: a.run })),
  }));
}
