import { describe, expect, it } from 'vitest';
import { NO_FLAGS, type FeatureFlags } from '../catalogue/series-features.ts';
import { countProductLabels, includedForPrint, jobHeading, printSource, productLabels, seriesPrints, type LabelledProduct } from './job-labels.ts';

const flags = (on: Partial<FeatureFlags>): FeatureFlags => ({ ...NO_FLAGS, ...on });
const CUT = flags({ enable_cutlist: true });
const DIM = flags({ enable_dimensions: true });
const DIM_MEASURED = flags({ enable_dimensions: true, enable_measured: true, enable_fabricated: true });

const product = (p: Partial<LabelledProduct> = {}): LabelledProduct => ({
  id: 7,
  name: 'Frameless door',
  note: 'Left hand',
  qty: 1,
  cut_list_json: [],
  glass_width: null,
  glass_height: null,
  is_measured: true,
  is_fabricated: false,
  ...p,
});
const JOB = { number: '1042', name: 'Smith bath' };
const tree = [
  {
    text: 'Shower',
    sub_rows: [
      {
        text: 'Door',
        sub_rows: [
          { text: '24 x 72', sub_rows: [] },
          { text: 'Handle', sub_rows: [] },
        ],
      },
      { text: 'Panel', sub_rows: [] },
    ],
  },
  { text: 'Mirror', sub_rows: [] },
];

describe('labels of a job product', () => {
  it('makes one label per piece from dimensions, qty times, with the glass size and the QR code of its own piece', () => {
    const p = product({ qty: 3, glass_width: 35.4375, glass_height: 72 });
    const labels = productLabels(p, JOB, DIM, (n) => `https://x.test/job_products/7/pieces/${n}`);
    expect(labels).toHaveLength(3);
    expect(labels[0]).toEqual({
      job: '1042',
      name: 'Frameless door',
      description: '',
      note: 'Left hand',
      sizes: 'Glass 35 7/16" × 72"',
      qr: 'https://x.test/job_products/7/pieces/1',
      lines: ['Piece 1 of 3'],
    });
    expect(labels.map((l) => l.qr)).toEqual([1, 2, 3].map((n) => `https://x.test/job_products/7/pieces/${n}`));
    // one piece: no "Piece 1 of 1"
    expect(productLabels(product({ glass_width: 10 }), JOB, DIM, () => 'q')[0]!.lines).toBeUndefined();
    expect(countProductLabels(p, DIM)).toBe(3);
    // A measured qty is one piece; none still counts as one.
    expect(productLabels(product({ qty: 2.5, glass_width: 10 }), JOB, DIM)).toHaveLength(1);
    expect(productLabels(product({ qty: 0, glass_width: 10 }), JOB, DIM)).toHaveLength(1);
  });

  it('shows both sizes of a piece measured to cut: the opening and the glass', () => {
    const [label] = productLabels(product({ opening_width: 36.4375, opening_height: 72, glass_width: 36.25, glass_height: 71.75 }), JOB, DIM);
    expect(label!.sizes).toBe('Opening 36 7/16" × 72", glass 36 1/4" × 71 3/4"');
  });

  it('makes one label per leaf row of a cut list, described by its parents, whatever the qty', () => {
    const labels = productLabels(product({ qty: 5, cut_list_json: tree }), { number: '', name: 'Smith bath' }, CUT);
    expect(labels.map((l) => l.description)).toEqual(['Shower › Door › 24 x 72', 'Shower › Door › Handle', 'Shower › Panel', 'Mirror']);
    expect(labels.map((l) => l.lines)).toEqual([1, 2, 3, 4].map((n) => [`Piece ${n} of 4`]));
    expect(labels.every((l) => l.job === 'Smith bath' && l.name === 'Frameless door' && l.note === 'Left hand' && l.qr === undefined)).toBe(true);
    expect(countProductLabels(product({ cut_list_json: tree }), CUT)).toBe(4);
  });

  it('prints only what its series enables and it has (No Cutlist Info otherwise)', () => {
    expect(printSource(product({ cut_list_json: tree }), CUT)).toBe('cutlist');
    expect(printSource(product({ cut_list_json: [] }), CUT)).toBeNull();
    expect(printSource(product({ cut_list_json: 'not a tree' }), CUT)).toBeNull();
    expect(printSource(product({ glass_width: 20 }), DIM)).toBe('dimensions');
    expect(printSource(product({ glass_height: 20 }), DIM)).toBeNull();
    expect(printSource(product({ cut_list_json: tree, glass_width: 20 }), DIM)).toBe('dimensions');
    expect(printSource(product({ cut_list_json: tree, glass_width: 20 }), flags({ enable_cutlist: true, enable_dimensions: true }))).toBe('cutlist');
    expect(printSource(product({ cut_list_json: tree, glass_width: 20 }), NO_FLAGS)).toBeNull();
    expect(productLabels(product(), JOB, CUT)).toEqual([]);
    expect(seriesPrints(CUT) && seriesPrints(DIM) && !seriesPrints(flags({ enable_measured: true }))).toBe(true);
  });

  it('leaves unmeasured and fabricated products out by default, each let in on request', () => {
    const unmeasured = product({ glass_width: 20, is_measured: false });
    const fabricated = product({ glass_width: 20, is_fabricated: true });
    const ready = product({ glass_width: 20 });
    expect(includedForPrint(ready, DIM_MEASURED)).toBe(true);
    expect(includedForPrint(unmeasured, DIM_MEASURED)).toBe(false);
    expect(includedForPrint(fabricated, DIM_MEASURED)).toBe(false);
    expect(includedForPrint(unmeasured, DIM_MEASURED, { unmeasured: true, fabricated: false })).toBe(true);
    expect(includedForPrint(fabricated, DIM_MEASURED, { unmeasured: false, fabricated: true })).toBe(true);
    // A series without the measured step has nothing to measure: not "unmeasured".
    expect(includedForPrint(unmeasured, DIM)).toBe(true);
    // Nothing to print is never chosen.
    expect(includedForPrint(product(), DIM_MEASURED, { unmeasured: true, fabricated: true })).toBe(false);
  });

  it('leaves out the fabricated pieces of a product partly made, unless fabricated ones are asked for or the whole product is', () => {
    const qr = (n: number) => `/p/${n}`;
    const pieces = [
      { position: 1, is_fabricated: true },
      { position: 2, is_fabricated: false },
      { position: 3, is_fabricated: true },
    ];
    const partly = product({ glass_width: 20, glass_height: 30, qty: 3, pieces });
    const labels = productLabels(partly, JOB, DIM, qr);
    expect(labels.map((l) => [l.qr, l.lines])).toEqual([['/p/2', ['Piece 2 of 3']]]);
    expect(countProductLabels(partly, DIM)).toBe(1);
    // asked for: every piece
    const all = { unmeasured: false, fabricated: true };
    expect(productLabels(partly, JOB, DIM, qr, all).map((l) => l.qr)).toEqual(['/p/1', '/p/2', '/p/3']);
    expect(countProductLabels(partly, DIM, all)).toBe(3);
    // the whole product fabricated, chosen on purpose: every piece
    const done = product({ glass_width: 20, qty: 3, is_fabricated: true, pieces: pieces.map((p) => ({ ...p, is_fabricated: true })) });
    expect(countProductLabels(done, DIM)).toBe(3);
    expect(productLabels(done, JOB, DIM, qr)).toHaveLength(3);
    // a cut list's leaves, the second fabricated; a piece past the plan (cut list shortened) counts nothing
    const cut = product({
      cut_list_json: tree,
      pieces: [
        { position: 2, is_fabricated: true },
        { position: 9, is_fabricated: true },
      ],
    });
    expect(productLabels(cut, JOB, CUT).map((l) => l.lines)).toEqual([['Piece 1 of 4'], ['Piece 3 of 4'], ['Piece 4 of 4']]);
    expect(countProductLabels(cut, CUT)).toBe(3);
  });

  it('heads a job by number, else name', () => {
    expect(jobHeading(JOB)).toBe('1042');
    expect(jobHeading({ number: null, name: 'Smith' })).toBe('Smith');
    expect(jobHeading(null)).toBe('');
  });
});
