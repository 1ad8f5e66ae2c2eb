import { describe, expect, it } from 'vitest';
import { glassOrderRefusal, listingFor, unpricedFrom } from './glass-order.ts';

const piece = { glass_width: 30, glass_height: 72, is_ordered: false };
const listing = (id: number, material_id: number, unit_price: number, extra: { is_preferred?: boolean; active?: boolean } = {}) => ({
  id,
  material_id,
  unit_price,
  is_preferred: false,
  active: true,
  ...extra,
});

describe('Order Glass rules', () => {
  it('says why a piece cannot be ordered', () => {
    expect(glassOrderRefusal(piece, { name: 'Frameless', glass_material_id: 3 })).toBeNull();
    expect(glassOrderRefusal({ ...piece, is_ordered: true }, { glass_material_id: 3 })).toBe('Already ordered.');
    expect(glassOrderRefusal({ ...piece, glass_height: null }, { glass_material_id: 3 })).toBe('Not measured yet: it has no glass size.');
    expect(glassOrderRefusal(piece, { name: 'Rollers', glass_material_id: null })).toBe('Its series (Rollers) names no glass to order: set it on the series.');
    expect(glassOrderRefusal(piece, null)).toBe('Its series names no glass to order: set it on the series.');
  });

  it("takes the vendor's active listing, the preferred first, else the first made; none or $0 is unpriced", () => {
    const listings = [listing(5, 3, 40), listing(4, 3, 38, { active: false }), listing(6, 3, 0, { is_preferred: true }), listing(7, 8, 12)];
    expect(listingFor(listings, 3)?.id).toBe(6);
    expect(listingFor(listings.slice(0, 2), 3)?.id).toBe(5);
    expect(listingFor(listings, 9)).toBeUndefined();
    expect(unpricedFrom(listings, 3)).toBe(true);
    expect(unpricedFrom(listings, 8)).toBe(false);
    expect(unpricedFrom(listings, 9)).toBe(true);
  });
});
