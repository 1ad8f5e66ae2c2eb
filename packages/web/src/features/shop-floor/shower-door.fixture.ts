/** Test data shared by the shop floor's page tests: a shower door job product, and its series and category's answers. */

import { NO_FLAGS } from '@glazier/shared/rules/catalogue/series-features';

/** The series (Frameless, following its category) and the category (Shower Glass: dimensions, measured, fabricated) a door is of. */
export const DOOR_SERIES = { id: 3, name: 'Frameless', category_id: 2, use_category_settings: true, ...NO_FLAGS };
export const DOOR_CATEGORY = { id: 2, name: 'Shower Glass', ...NO_FLAGS, enable_dimensions: true, enable_measured: true, enable_fabricated: true };

/** Job product 7: a measured shower door of the Frameless series, 30 × 72, none of it fabricated; `changes` over it. */
export const showerDoor = <T extends object>(changes: T) => ({
  id: 7,
  job_id: 1,
  series_id: 3,
  product_id: null,
  name: 'Shower door',
  qty: 2,
  note: null as string | null,
  is_measured: true,
  is_ordered: false,
  is_fabricated: false,
  sort: 0,
  opening_width: null,
  opening_height: null,
  glass_width: 30,
  glass_height: 72,
  measure_date: null,
  cut_list_json: [],
  cut_list: null,
  updated_at: '2026-11-01T00:00:00Z',
  pieces: [] as unknown[],
  ...changes,
});
