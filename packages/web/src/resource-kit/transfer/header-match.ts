/**
 * Which field each column of an imported file fills, guessed from its heading ("Vendor
 * Name", "Contact Person" and "Tel" had to be mapped by hand). A heading matches, in this order:
 *
 * 1. a field's name, its label or the heading the list's export writes, case, spaces and
 *    punctuation aside ("E-mail" is "email", "contact_name" is "Contact Name");
 * 2. the same without the record's own noun in front ("Vendor Name" is the vendor's name) or a
 *    plural's "s" ("Notes");
 * 3. a common other word for the field ("Tel", "Phone number" and "Mobile" for the phone; "Contact
 *    Person" and "Attn" for the contact; "Zip code" and "Postcode" for the zip).
 *
 * Each field is filled by one column at most (the first that names it), and each guess says how it
 * was made, so the dialog can show what it matched beyond the exact headings.
 */
import type { TransferColumn } from './transfer-column.ts';

export interface ImportField {
  field: string;
  label: string;
}

/** How a heading found its field: as written, as a variant of it, or as another word for it. */
export type HeadingMatch = { field: string; by: 'heading' | 'variant' | 'synonym' } | null;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Other words for a field, by the field's name (squashed, as headings are compared). */
const SYNONYMS: Record<string, readonly string[]> = {
  phone: ['tel', 'telephone', 'phonenumber', 'phoneno', 'telno', 'telephonenumber', 'mobile', 'cell', 'cellphone', 'mobilephone', 'officephone', 'workphone'],
  contact_name: ['contact', 'contactperson', 'attn', 'attention', 'salesrep', 'representative', 'rep'],
  email: ['mail', 'emailaddress', 'mailaddress'],
  address: ['street', 'streetaddress', 'address1', 'addressline1', 'mailingaddress'],
  zip: ['zipcode', 'postcode', 'postalcode'],
  state: ['province', 'region'],
  city: ['town'],
  name: ['company', 'companyname', 'businessname', 'fullname'],
  note: ['notes', 'comment', 'comments', 'remarks', 'memo'],
  description: ['desc', 'details'],
  website: ['web', 'url', 'site', 'homepage'],
  fax: ['facsimile', 'faxnumber'],
  number: ['no', 'num', 'code', 'sku', 'itemnumber', 'partnumber', 'partno'],
};

/**
 * Each heading's field with how it was matched; null where nothing matched, or where an earlier
 * column already fills the field. `noun` is the record's own word ("Vendor"), left off in front.
 */
export function matchHeadings(headers: readonly string[], fields: readonly ImportField[], columns: readonly TransferColumn[] = [], noun = ''): HeadingMatch[] {
  const exact = new Map<string, string>();
  const add = (key: string, field: string) => {
    if (key && !exact.has(key)) exact.set(key, field);
  };
  for (const f of fields) {
    add(squash(f.field), f.field);
    add(squash(f.label), f.field);
    add(squash(f.field.replace(/_id$/, '')), f.field);
  }
  // An exported reference column shows the name beside the id (`vendor_name` under "Vendor").
  for (const c of columns) {
    const target = fields.find(
      (f) => f.field === c.key || `${f.field.replace(/_id$/, '')}_name` === c.key || `${f.field.replace(/_id$/, '')}_number` === c.key,
    );
    if (target) add(squash(c.label), target.field);
  }
  const synonym = new Map<string, string>();
  for (const f of fields) for (const word of SYNONYMS[f.field] ?? []) if (!exact.has(word)) synonym.set(word, f.field);

  const own = squash(noun);
  const variants = (key: string) => {
    const bare = own && key.startsWith(own) && key.length > own.length ? key.slice(own.length) : null;
    return [bare, key.endsWith('s') ? key.slice(0, -1) : null, bare?.endsWith('s') ? bare.slice(0, -1) : null].filter((k): k is string => Boolean(k));
  };
  const guess = (heading: string): HeadingMatch => {
    const key = squash(heading);
    if (!key) return null;
    const asWritten = exact.get(key);
    if (asWritten) return { field: asWritten, by: 'heading' };
    for (const v of variants(key)) {
      const field = exact.get(v);
      if (field) return { field, by: 'variant' };
    }
    for (const v of [key, ...variants(key)]) {
      const field = synonym.get(v);
      if (field) return { field, by: 'synonym' };
    }
    return null;
  };

  const used = new Set<string>();
  return headers.map((h) => {
    const match = guess(h);
    if (!match || used.has(match.field)) return null;
    used.add(match.field);
    return match;
  });
}

/** Each heading's field (null: not imported), as `matchHeadings` guesses it. */
export function guessMapping(
  headers: readonly string[],
  fields: readonly ImportField[],
  columns: readonly TransferColumn[] = [],
  noun = '',
): (string | null)[] {
  return matchHeadings(headers, fields, columns, noun).map((m) => m?.field ?? null);
}
