/**
 * Order Glass (docs/domain/purchasing.md, Glass cut to size): which pieces of the To Order list can
 * be ordered as cut glass, why one cannot, and the vendor's price a line takes. Pure: the server's
 * `purchase_orders.order_glass` refuses by these reasons, and the dialog shows them before the click.
 */

/** What the rule needs of a piece (a job product). */
export interface GlassPiece {
  glass_width: number | null;
  glass_height: number | null;
  is_ordered: boolean;
}

/** What the rule needs of the piece's series. */
export interface GlassSeries {
  name?: string | null;
  glass_material_id: number | null;
}

/** Whether the series orders glass: it names the glass its pieces are cut from ("Glass to order"). */
export const ordersGlass = (series: GlassSeries | null | undefined): boolean => series?.glass_material_id != null;

/** Whether the piece has its glass size (measured to cut). */
export const hasGlassSize = (piece: Pick<GlassPiece, 'glass_width' | 'glass_height'>): boolean => piece.glass_width != null && piece.glass_height != null;

/** Why the piece cannot be ordered as glass now, or null when it can. */
export function glassOrderRefusal(piece: GlassPiece, series: GlassSeries | null | undefined): string | null {
  if (piece.is_ordered) return 'Already ordered.';
  if (!hasGlassSize(piece)) return 'Not measured yet: it has no glass size.';
  if (!ordersGlass(series)) return `Its series${series?.name ? ` (${series.name})` : ''} names no glass to order: set it on the series.`;
  return null;
}

/** A vendor's listing of a material (a vendor material). */
export interface VendorListing {
  id: number;
  material_id: number;
  unit_price: number | null;
  is_preferred: boolean;
  active: boolean;
}

/**
 * The vendor's listing a glass line takes its price from: its active listing of the material, the
 * preferred one first, else the first made; undefined when the vendor does not list it (the line is
 * then $0, and Send asks for a price).
 */
export function listingFor<L extends VendorListing>(listings: readonly L[], materialId: number): L | undefined {
  return listings.filter((l) => l.active && l.material_id === materialId).sort((a, b) => Number(b.is_preferred) - Number(a.is_preferred) || a.id - b.id)[0];
}

/** Whether a line of this material would be $0 from the vendor of these listings. */
export const unpricedFrom = (listings: readonly VendorListing[], materialId: number): boolean => !Number(listingFor(listings, materialId)?.unit_price ?? 0);
