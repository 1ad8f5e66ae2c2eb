/**
 * Every area of the shared list (AREA_RESOURCES) has its page in docs/domain/ and its row in the
 * index of the docs' README; the index names no other. An area added in code without its docs
 * fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AREA_RESOURCES } from '@glazier/shared/resources/registry';
import { describe, expect, it } from 'vitest';

const DOCS = path.join(import.meta.dirname, '../../../../docs');
const areas = Object.keys(AREA_RESOURCES).sort();

describe('docs of the areas', () => {
  it('a page per area in docs/domain/, and no other', () => {
    expect(
      fs
        .readdirSync(path.join(DOCS, 'domain'))
        .map((f) => f.replace(/\.md$/, ''))
        .sort(),
    ).toEqual(areas);
  });

  it("a row per area in docs/README.md's index, linking its page", () => {
    const rows = [...fs.readFileSync(path.join(DOCS, 'README.md'), 'utf8').matchAll(/^\| \[([a-z-]+)\]\(domain\/([a-z-]+)\.md\)/gm)];
    expect(rows.filter(([, name, page]) => name !== page)).toEqual([]);
    expect(rows.map(([, name]) => name).sort()).toEqual(areas);
  });
});
