/**
 * What each area adds to its records' headings (record-headings.ts): the line beneath the name and
 * the order that goes with it, registered at start-up by app/features.ts. A module of its own
 * because the entry loads it: it imports no resource definitions (record-headings.ts does).
 */
import type { SortDirection } from '@glazier/shared/api';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { Rec } from './records.ts';

/** An area's part of a heading: the line beneath the name, and the order that goes with both. */
export interface RecordHeadingOrder {
  secondary?: (r: Rec) => string;
  /** The order matching the heading; null when the resource cannot sort by it (server order). */
  sort: { column: string; direction: SortDirection } | null;
}

/** A field as heading text (nothing for none). */
export const headingText = (v: unknown): string => (v == null ? '' : String(v));
/** Fields joined into one heading line, the empty ones left out. */
export const headingLine = (...parts: unknown[]): string => parts.map(headingText).filter(Boolean).join(' · ');

let declared: Partial<Record<ResourceName, RecordHeadingOrder>> = {};
let registrations = 0;

/** Called once at start-up with every area's headings (app/features.ts); answers those it replaces. */
export function registerRecordHeadings(headings: Partial<Record<ResourceName, RecordHeadingOrder>>): Partial<Record<ResourceName, RecordHeadingOrder>> {
  const replaced = declared;
  declared = headings;
  registrations++;
  return replaced;
}

export function declaredHeading(resource: ResourceName): RecordHeadingOrder | undefined {
  return declared[resource];
}

/** Changes with each registration, so what is derived from the headings knows to derive again. */
export function headingRegistrations(): number {
  return registrations;
}
