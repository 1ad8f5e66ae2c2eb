import { defineResource } from './define.ts';
import { f } from './fields.ts';

const MARK_PIECE = 'Mark the piece on its page (POST /api/job_products/{id}/pieces/{position}/mark), or the whole product.';

/**
 * A piece of a job product: a leaf of its cut list or a unit of a
 * dimensions product, what one label prints (shared/rules/shop-floor/pieces.ts). Stored only while
 * its product's pieces are marked apart; no generic write makes or moves one: the product's save
 * keeps them in step with its qty and cut list, and its piece action marks one.
 */
export const job_product_pieces = defineResource({
  name: 'job_product_pieces',
  label: 'Piece',
  table: 'job_product_pieces',
  read: 'jobs',
  write: 'nobody',
  fields: {
    job_product_id: f.ref('job_products', { required: true, readOnly: true, onDelete: 'cascade' }),
    /** Its place among the product's pieces, from 1 (its label's QR code names it). */
    position: f.int({ readOnly: true, min: 1 }),
    /** A cut list leaf's path ("Closet › 12 x 30"); '' for a unit. */
    description: f.text({ readOnly: true, max: 5000 }),
    is_measured: f.bool(false, { state: MARK_PIECE }),
    is_fabricated: f.bool(false, { state: MARK_PIECE }),
  },
  filters: { job_product_id: { op: 'eq' } },
  sortable: ['position'],
  titleField: 'description',
  uniqueTogether: [['job_product_id', 'position']],
});
