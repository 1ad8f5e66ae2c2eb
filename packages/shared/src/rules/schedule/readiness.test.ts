import { describe, expect, it } from 'vitest';
import { NO_FLAGS } from '../catalogue/series-features.ts';
import { isReady, missingSteps, readinessOf, readinessSummary } from './readiness.ts';

const allSteps = { enable_measured: true, enable_ordered: true, enable_fabricated: true };

describe('readiness', () => {
  it("a product needs only its series' steps, and only those not done", () => {
    expect(
      missingSteps({ ...NO_FLAGS, enable_measured: true, enable_fabricated: true }, { is_measured: false, is_ordered: false, is_fabricated: true }),
    ).toEqual(['is_measured']);
    expect(missingSteps(NO_FLAGS, { is_measured: false })).toEqual([]);
  });

  it("follows the category's steps while the series uses the category settings, else the series' own", () => {
    const followsCategory = { series: { use_category_settings: true, enable_measured: false }, category: { enable_measured: true } };
    const ownSettings = { series: { use_category_settings: false, enable_ordered: true }, category: allSteps };
    const counts = readinessOf(
      [
        { ...followsCategory, is_measured: false },
        { ...ownSettings, is_measured: false, is_ordered: false, is_fabricated: false },
        // no series: no steps
        { series: null, category: null, is_measured: false },
      ],
      0,
    );
    expect(counts).toEqual({ not_measured: 1, not_ordered: 1, not_fabricated: 0, backordered_lines: 0 });
    expect(isReady(counts)).toBe(false);
  });

  it('counts the pieces still to do of a product whose pieces are marked apart, and a product whose pieces are as it is once', () => {
    const series = { use_category_settings: false, ...allSteps };
    const counts = readinessOf(
      [
        // 1 of 3 fabricated, all measured, not ordered: ordering is the product's
        {
          series,
          category: null,
          is_measured: true,
          is_ordered: false,
          is_fabricated: false,
          pieces: [
            { is_measured: true, is_fabricated: true },
            { is_measured: true, is_fabricated: false },
            { is_measured: true, is_fabricated: false },
          ],
        },
        { series, category: null, is_measured: true, is_ordered: true, is_fabricated: false },
      ],
      0,
    );
    expect(counts).toEqual({ not_measured: 0, not_ordered: 1, not_fabricated: 3, backordered_lines: 0 });
  });

  it('is ready when every step is done and nothing is backordered', () => {
    const done = readinessOf(
      [{ series: { use_category_settings: false, ...allSteps }, category: null, is_measured: true, is_ordered: true, is_fabricated: true }],
      0,
    );
    expect(isReady(done)).toBe(true);
    expect(readinessSummary(done)).toBe('');
    expect(isReady({ ...done, backordered_lines: 1 })).toBe(false);
  });

  it('says what is missing', () => {
    expect(readinessSummary({ not_measured: 3, not_ordered: 0, not_fabricated: 1, backordered_lines: 2 })).toBe(
      '3 not measured, 1 not fabricated, 2 backordered lines',
    );
    expect(readinessSummary({ not_measured: 0, not_ordered: 1, not_fabricated: 0, backordered_lines: 1 })).toBe('1 not ordered, 1 backordered line');
  });
});
