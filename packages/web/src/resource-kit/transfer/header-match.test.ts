import { describe, expect, it } from 'vitest';
import { guessMapping, matchHeadings } from './header-match.ts';

const VENDOR_FIELDS = [
  { field: 'id', label: 'ID' },
  { field: 'name', label: 'Name' },
  { field: 'contact_name', label: 'Contact' },
  { field: 'email', label: 'Email' },
  { field: 'phone', label: 'Phone' },
  { field: 'active', label: 'Active' },
];

describe('matching an imported file’s headings to fields', () => {
  it('matches the headings a vendor list came with, which had to be mapped by hand', () => {
    expect(matchHeadings(['Vendor Name', 'Contact Person', 'Tel', 'E-Mail'], VENDOR_FIELDS, [], 'Vendor')).toEqual([
      { field: 'name', by: 'variant' },
      { field: 'contact_name', by: 'synonym' },
      { field: 'phone', by: 'synonym' },
      { field: 'email', by: 'heading' },
    ]);
  });

  it('forgives case, spaces and punctuation, and takes the field’s name as written in code', () => {
    expect(guessMapping(['  NAME ', 'contact_name', 'Phone #', 'e.mail'], VENDOR_FIELDS)).toEqual(['name', 'contact_name', 'phone', 'email']);
  });

  it('knows the usual other words for a phone, a contact and an email', () => {
    for (const heading of ['Telephone', 'Phone Number', 'Phone No.', 'Mobile', 'Cell', 'Vendor Phone'])
      expect(guessMapping([heading], VENDOR_FIELDS, [], 'Vendor'), heading).toEqual(['phone']);
    for (const heading of ['Contact', 'Attn', 'Vendor Contact'])
      expect(guessMapping([heading], VENDOR_FIELDS, [], 'Vendor'), heading).toEqual(['contact_name']);
    expect(guessMapping(['Email Address', 'Company'], VENDOR_FIELDS)).toEqual(['email', 'name']);
  });

  it('prefers the heading as written to another word, fills each field once, and leaves the unknown out', () => {
    // "Contact" is the contact field's label: it wins over "Contact Person" after it
    expect(guessMapping(['Contact Person', 'Contact'], VENDOR_FIELDS)).toEqual(['contact_name', null]);
    expect(guessMapping(['Tel', 'Phone'], VENDOR_FIELDS)).toEqual(['phone', null]);
    expect(guessMapping(['Fax', 'Region', '', 'Vendor'], VENDOR_FIELDS, [], 'Vendor')).toEqual([null, null, null, null]);
  });

  it('reads a plural heading as its field', () => {
    expect(guessMapping(['Notes'], [{ field: 'note', label: 'Note' }])).toEqual(['note']);
  });

  it('takes the export’s headings back to their fields', () => {
    const fields = [
      { field: 'vendor_id', label: 'Vendor' },
      { field: 'unit_price', label: 'Unit price' },
    ];
    expect(matchHeadings(['Supplier', 'Unit Price'], fields, [{ key: 'vendor_name', label: 'Supplier' }])).toEqual([
      { field: 'vendor_id', by: 'heading' },
      { field: 'unit_price', by: 'heading' },
    ]);
  });
});
