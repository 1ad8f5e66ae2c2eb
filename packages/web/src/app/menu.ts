/**
 * The side menu and its permission checks, exactly as docs/platform.md, Screens and navigation lists them: Home, then each
 * area's links and groups (its feature's `menu` and `menuGroups`), in their declared order.
 */
import { can, type HasPermissions } from '@glazier/shared/permissions';
import { byOrder, type Check } from '../contract/feature.ts';
import { FEATURES } from './features.ts';

export interface MenuLink {
  to: string;
  label: string;
  check?: Check;
}
export interface MenuGroup {
  label: string;
  check?: Check;
  links: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (e: MenuEntry): e is MenuGroup => 'links' in e;

type Placed<T> = T & { order: number };
const unplaced = <T extends { order: number }>({ order: _order, ...rest }: T): Omit<T, 'order'> => rest;

function gatherMenu(): MenuEntry[] {
  const groups = new Map(
    FEATURES.flatMap((f) => f.menuGroups ?? []).map(({ key, label, check, order }) => [
      key,
      { label, ...(check && { check }), order, links: [] as Placed<MenuLink>[] },
    ]),
  );
  const links: Placed<MenuLink>[] = [{ to: '/', label: 'Home', order: 0 }];
  for (const { group, ...link } of FEATURES.flatMap((f) => f.menu ?? [])) {
    const target = group ? groups.get(group) : undefined;
    if (group && !target) throw new Error(`The menu link ${link.to} names the group ${group}, which no feature declares.`);
    (target ? target.links : links).push(link);
  }
  const groupEntries = [...groups.values()].map((g) => ({ ...g, links: byOrder(g.links).map(unplaced) }));
  return byOrder<Placed<MenuEntry>>([...links, ...groupEntries]).map((e): MenuEntry => (isGroup(e) ? unplaced(e) : unplaced(e)));
}

export const MENU: MenuEntry[] = gatherMenu();

const allowed = (user: HasPermissions | null, check?: Check) => !check || can(user, check.action, check.area);

/** The menu a user sees: entries and groups they pass, groups without visible links dropped. */
export function visibleMenu(user: HasPermissions | null): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of MENU) {
    if (!allowed(user, entry.check)) continue;
    if (isGroup(entry)) {
      const links = entry.links.filter((l) => allowed(user, l.check));
      if (links.length) out.push({ ...entry, links });
    } else out.push(entry);
  }
  return out;
}
