/**
 * Sections one area offers to another's screen or dialog, shown by name so an area shows
 * another's without importing it (features never import each other), as area-dialogs.ts does for
 * dialogs:
 *
 *   <AreaSection name="calendarFeeds" />
 *
 * Each name's props are declared here (the one list); the area that owns a section registers its
 * component, as a lazy import, in its feature declaration (`sections`), and app/features.ts hands
 * the table over at start-up. A name no area registered shows nothing.
 */
import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Each section's props. */
export interface AreaSections {
  /** The signed-in user's calendar feeds, on their Profile (schedule). */
  calendarFeeds: object;
  /** A job's invoices with its billed, paid and balance, and Create invoice / Deposit invoice, on the job's page (billing). */
  jobBilling: { jobId: number };
  /** A won estimate's deposit invoices and Deposit invoice, on the estimate's page (billing); once its job is made they are the job's. */
  estimateDeposits: { estimateId: number; jobId: number | null };
}

export type AreaSectionName = keyof AreaSections;

export type AreaSectionRegistry = { [K in AreaSectionName]?: () => Promise<ComponentType<AreaSections[K]>> };

let registry: AreaSectionRegistry = {};
// each name's lazy component (typed by its name where it is read)
const loaded = new Map<AreaSectionName, unknown>();

/** Called once at start-up with the app's table (app/features.ts). */
export function registerAreaSections(sections: AreaSectionRegistry): void {
  registry = sections;
  loaded.clear();
}

export function AreaSection<K extends AreaSectionName>({ name, ...props }: { name: K } & AreaSections[K]) {
  const load = registry[name];
  if (!load) return null;
  // one lazy component per name, so a re-render does not load it again
  let Section = loaded.get(name) as LazyExoticComponent<ComponentType<AreaSections[K]>> | undefined;
  if (!Section) {
    Section = lazy(() => load().then((component) => ({ default: component })));
    loaded.set(name, Section);
  }
  return (
    <Suspense
      fallback={
        <Center py="sm">
          <Loader size="sm" role="status" aria-label="Loading" />
        </Center>
      }
    >
      <Section {...(props as AreaSections[K])} />
    </Suspense>
  );
}
