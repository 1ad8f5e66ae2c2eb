/**
 * The side menu and the dashboard as the areas declare them (docs/platform.md, Screens and
 * navigation), checked by rule rather than by a copy of every link: each link leads to a screen,
 * and a role sees a link only when the screen's guards let it in; the admin, who has every
 * right, sees every link. A new area's links need no line here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ROLE_MATRIX, ROLES, can, type Role } from '@glazier/shared/permissions';
import { describe, expect, it } from 'vitest';
import { guardsAt } from '../test/routes.ts';
import { dashboardCards } from './dashboard.ts';
import { MENU, isGroup, visibleMenu, type MenuEntry } from './menu.ts';

const user = (role: Role) => ({ permissions: DEFAULT_ROLE_MATRIX[role] });
const flat = (entries: MenuEntry[]) => entries.flatMap((e) => (isGroup(e) ? [`[${e.label}]`, ...e.links.map((l) => l.to)] : [e.to]));
const links = (entries: MenuEntry[]) => entries.flatMap((e) => (isGroup(e) ? e.links : [e]));

/** The links `role` sees whose screen would refuse it (or that lead to no screen). */
function refused(role: Role, to: string[]): string[] {
  return to.filter((path) => {
    const guards = guardsAt(path);
    return guards === null || !guards.every((g) => can(user(role), g.action, g.area));
  });
}

describe('side menu (docs/platform.md, Screens and navigation) with the default role matrix', () => {
  it('every link leads to a screen of the router', () => {
    expect(links(MENU).filter((l) => guardsAt(l.to) === null)).toEqual([]);
  });

  it.each(ROLES)('%s sees only links to screens their guards let them into', (role) => {
    expect(
      refused(
        role,
        links(visibleMenu(user(role))).map((l) => l.to),
      ),
    ).toEqual([]);
  });

  it('admin sees everything, Home first', () => {
    expect(flat(visibleMenu(user('admin')))).toEqual(flat(MENU));
    expect(flat(MENU)[0]).toBe('/');
  });

  it('manager: no employees (view users only) and no settings (view only)', () => {
    const m = flat(visibleMenu(user('manager')));
    expect(m).not.toContain('/employees');
    expect(m).not.toContain('/settings');
    expect(m).toContain('/job_templates');
    expect(m).toContain('/takeoff_options');
    // managers edit invoices (docs/domain/billing.md); supervisors and employees see no Billing
    expect(m).toContain('/invoices');
  });

  it('supervisor and employee: no Estimating or Billing group, no settings', () => {
    for (const role of ['supervisor', 'employee'] as const) {
      const m = flat(visibleMenu(user(role)));
      expect(m).not.toContain('[Estimating]');
      expect(m).not.toContain('[Billing]');
      expect(m).not.toContain('/settings');
      expect(m).toContain('/lists/pickup');
    }
    expect(flat(visibleMenu(user('supervisor')))).toContain('/boms');
    expect(flat(visibleMenu(user('employee')))).not.toContain('/boms');
  });

  it("is named in docs/platform.md's paragraph of it, each link and group", () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, '../../../../docs/platform.md'), 'utf8');
    const paragraph = (doc.split('- The side menu shows')[1] ?? '').split('\n- ')[0]!.replace(/\s+/g, ' ');
    const labels = MENU.flatMap((e) => [e.label, ...(isGroup(e) ? e.links.map((l) => l.label) : [])]);
    expect(labels.filter((label) => !paragraph.includes(label))).toEqual([]);
  });

  it('a guest sees only the unchecked links and groups', () => {
    const seen = visibleMenu(null);
    expect(seen.filter((e) => e.check)).toEqual([]);
    expect(links(seen).filter((l) => l.check)).toEqual([]);
    expect(flat(seen)).toContain('/');
  });
});

describe('dashboard cards (docs/platform.md, Screens and navigation)', () => {
  const cards = (role: Role) => dashboardCards(user(role)).map((c) => `${c.key}:${c.actions.map((a) => a.label).join(',')}`);

  it.each(ROLES)("%s's card buttons lead to screens their guards let them into", (role) => {
    const to = dashboardCards(user(role)).flatMap((c) => c.actions.flatMap((a) => ('to' in a ? [a.to] : [])));
    expect(refused(role, to)).toEqual([]);
  });

  it('admin sees every card and button any role sees', () => {
    const admin = dashboardCards(user('admin'));
    for (const role of ROLES)
      for (const card of dashboardCards(user(role)))
        expect(admin.find((c) => c.key === card.key)?.actions.map((a) => a.label)).toEqual(expect.arrayContaining(card.actions.map((a) => a.label)));
  });

  it('employee: no Add on jobs, no estimates/employees/analysis/forecasting, inventory only', () => {
    expect(cards('employee')).toEqual(expect.arrayContaining(['jobs:All', 'inventory:Inventory']));
    for (const key of ['estimates', 'employees', 'analysis', 'forecasting']) expect(cards('employee').map((c) => c.split(':')[0])).not.toContain(key);
  });

  it('supervisor sees estimates (view) and boms', () => {
    expect(cards('supervisor')).toEqual(expect.arrayContaining(['jobs:All,Add', 'estimates:All', 'inventory:Inventory,Boms']));
  });
});
