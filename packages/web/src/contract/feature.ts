/**
 * The contract between the app and its features, below both (app/ -> features/ -> contract/):
 * what a feature (features/<area>/) brings to the app, declared once in its `<area>-feature.ts`
 * and gathered by app/features.ts (keyed by the shared list of areas, shared/resources/registry.ts):
 * its routes (and public pages), what each of its resources opens and how it is headed, its
 * side-menu links and dashboard cards.
 *
 *   export const purchasingFeature: Feature<'purchasing'> = { area: 'purchasing', resources: {...}, routes: [...] };
 *
 * `resources` has one entry per resource of the area (the definitions shared/resources/<area>.ts
 * exports): a resource left out, or one of another area, does not compile. Screens and dialogs are
 * dynamic imports only, so a declaration adds no screen code to the entry and each screen stays its own chunk.
 *
 * Menu links, menu groups, dashboard cards and card buttons are placed by `order` (ascending, `byOrder`),
 * because areas interleave (docs/platform.md, Screens and navigation); a link or button may join another area's group
 * or card by its key, so a card such as Inventory gathers buttons of several areas.
 */
import type { Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { Action, Area } from '@glazier/shared/permissions';
import type { AppArea, ResourceName, ResourceOf } from '@glazier/shared/resources/registry';
import type { AreaDialogRegistry } from '../resource-kit/forms/area-dialogs.ts';
import type { AreaSectionRegistry } from '../resource-kit/forms/area-sections.tsx';
import type { RecordDialogOpener } from '../resource-kit/forms/record-dialogs.ts';
import type { RecordHeadingOrder } from '../resource-kit/records/record-heading-orders.ts';
import type { ModalStackApi } from '../ui/modal-stack.tsx';

/** A permission a route, menu entry, card or button needs. */
export interface Check {
  action: Action;
  area: Area;
}

/** What the app knows of one resource. */
export interface ResourceEntry<N extends ResourceName> {
  /** Opens its records (a lazy import of the area's `open<Thing>Dialog`); null when it has no dialog. */
  dialog: (() => Promise<RecordDialogOpener<N>>) | null;
  /** What its list rows show beneath the name, and their order; none: nothing, by title (record-headings.ts). */
  heading?: RecordHeadingOrder;
  /**
   * The screen a record opens on, by its id: where a command palette hit goes (none: its dialog).
   * Which resources the palette searches is the server's declaration (its area's `palette`).
   */
  page?: (id: number) => string;
}

/**
 * A route under the signed-in layout: `screen` is its page (loaded lazily), `requires` guards it
 * and its children, `children` nest below its path.
 */
export interface FeatureRoute {
  path?: string;
  screen?: () => Promise<ComponentType>;
  requires?: Check;
  children?: FeatureRoute[];
}

/**
 * A page outside the signed-in layout and outside the app's frame (no header, menu or action bar;
 * no sign-in check): what someone without an account opens from a link, e.g. a client's estimate
 * approval (`/approve/:token`). The screen shows only what its own public call answers.
 */
export interface PublicRoute {
  path: string;
  screen: () => Promise<ComponentType>;
}

export interface MenuLinkDeclaration {
  to: string;
  label: string;
  check?: Check;
  order: number;
  /** The key of the group it sits in (any area's); none: the top level. */
  group?: string;
}

export interface MenuGroupDeclaration {
  key: string;
  label: string;
  check?: Check;
  order: number;
}

/** A dashboard button: a link, or something to run (e.g. open a dialog). */
export type CardAction = { label: string; to: string } | { label: string; run: (modals: ModalStackApi) => Promise<unknown> };

export type CardActionDeclaration = CardAction & { check?: Check; order: number };

export interface DashboardCardDeclaration {
  key: string;
  title: string;
  description: string;
  icon: Icon;
  check?: Check;
  order: number;
  actions: CardActionDeclaration[];
}

export interface Feature<A extends AppArea> {
  /** The area, named as in shared/resources and server/src/areas. */
  area: A;
  resources: { [N in ResourceOf<A> & ResourceName]: ResourceEntry<N> };
  routes?: FeatureRoute[];
  /** Dialogs it offers other areas by name (resource-kit/forms/area-dialogs.ts), as lazy imports. */
  dialogs?: AreaDialogRegistry;
  /** Sections it offers other areas' screens and dialogs by name (resource-kit/forms/area-sections.tsx), as lazy imports. */
  sections?: AreaSectionRegistry;
  /** Pages for people without an account, outside the shell (router.tsx mounts them apart). */
  publicRoutes?: PublicRoute[];
  menuGroups?: MenuGroupDeclaration[];
  menu?: MenuLinkDeclaration[];
  dashboard?: DashboardCardDeclaration[];
  /** Buttons on another area's card, by the card's key. */
  cardActions?: (CardActionDeclaration & { card: string })[];
}

/** Declarations in their place: by `order`, ascending. */
export const byOrder = <T extends { order: number }>(items: T[]): T[] => [...items].sort((a, b) => a.order - b.order);
