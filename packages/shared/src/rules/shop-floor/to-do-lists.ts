/**
 * The product to-do lists (docs/domain/shop-floor.md, To-do lists): `/lists/products/{field}` lists the job
 * products still needing a step (the field false) whose series has that step (its category's flag
 * while the series uses the category settings: catalogue/series-features.ts).
 */
import type { FeatureFlag } from '../catalogue/series-features.ts';

export const TO_DO_FIELDS = ['is_measured', 'is_ordered', 'is_fabricated'] as const;
export type ToDoField = (typeof TO_DO_FIELDS)[number];

export interface ToDoList {
  field: ToDoField;
  /** The screen's title and the menu's label. */
  title: string;
  /** The series' flag that gives its products this step. */
  flag: FeatureFlag;
  /** What a checked-off product has become, as a notice says it ("Marked fabricated."). */
  done: string;
  /** The list with nothing in it. */
  empty: string;
}

export const TO_DO_LISTS: Record<ToDoField, ToDoList> = {
  is_measured: { field: 'is_measured', title: 'To Measure', flag: 'enable_measured', done: 'measured', empty: 'Nothing left to measure.' },
  is_ordered: { field: 'is_ordered', title: 'To Order', flag: 'enable_ordered', done: 'ordered', empty: 'Nothing left to order.' },
  is_fabricated: { field: 'is_fabricated', title: 'To Fabricate', flag: 'enable_fabricated', done: 'fabricated', empty: 'Nothing left to fabricate.' },
};

export function isToDoField(value: unknown): value is ToDoField {
  return typeof value === 'string' && (TO_DO_FIELDS as readonly string[]).includes(value);
}
