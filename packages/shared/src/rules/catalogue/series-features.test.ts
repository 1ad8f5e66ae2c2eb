import { describe, expect, it } from 'vitest';
import { flagsOf, hasProgressFlags, NO_FLAGS, seriesFlags } from './series-features.ts';

const category = { enable_cutlist: true, enable_dimensions: true, enable_measured: true, enable_ordered: false, enable_fabricated: true, enable_units: false };
const ownFlags = {
  enable_cutlist: false,
  enable_dimensions: false,
  enable_measured: false,
  enable_ordered: true,
  enable_fabricated: false,
  enable_units: true,
};

describe('series features', () => {
  it("follows the category's flags while the series uses the category settings, whatever its own say", () => {
    expect(seriesFlags({ use_category_settings: true, ...ownFlags }, category)).toEqual(category);
    // the default (docs/domain/catalogue.md, Series) is to follow
    expect(seriesFlags({ ...ownFlags }, category)).toEqual(category);
  });
  it('uses its own flags when it does not follow the category', () => {
    expect(seriesFlags({ use_category_settings: false, ...ownFlags }, category)).toEqual(ownFlags);
  });
  it('enables nothing without a series, or when a following series has no category', () => {
    expect(seriesFlags(null, category)).toEqual(NO_FLAGS);
    expect(seriesFlags({ use_category_settings: true, ...ownFlags }, null)).toEqual(NO_FLAGS);
  });
  it('reads missing flags as off', () => {
    expect(flagsOf({ enable_measured: true })).toEqual({ ...NO_FLAGS, enable_measured: true });
  });
  it('knows when a series has any of measured, ordered, fabricated', () => {
    expect(hasProgressFlags(NO_FLAGS)).toBe(false);
    expect(hasProgressFlags({ ...NO_FLAGS, enable_dimensions: true, enable_cutlist: true })).toBe(false);
    expect(hasProgressFlags({ ...NO_FLAGS, enable_ordered: true })).toBe(true);
  });
});
