/**
 * The repository explains itself (issue 35): comments and docs cite the docs in `docs/` (a page,
 * and a section of it: `(docs/domain/jobs.md, Templates)`), never documents kept outside the
 * repository, and every page and section they cite exists. The docs and the README link only to
 * files of the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = normalize(join(import.meta.dirname, '../../../..'));
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|html|ya?ml|sh)$/;

/** The tracked text files (what a clone holds), by path from the root. */
const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => TEXT_FILE.test(f) && existsSync(join(ROOT, f)));
const text = new Map(files.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));

/** The outside documents the code once cited (written in parts, so this file does not cite them). */
const OUTSIDE_DOC = new RegExp(`\\b(${['domain', 'platform', 'DESIGN'].join('|')})\\.md\\b`, 'g');
/** A path into docs/, with what follows it on the line: `docs/platform.md, Formats)`. */
const DOCS_CITATION = /docs\/([\w/-]+\.md)`?(?:, ([^);\n]*))?/g;

/** Each line of the tracked files that matches, as `path:line: text`. */
function linesMatching(pattern: RegExp, keep: (file: string) => boolean): { where: string; match: RegExpMatchArray }[] {
  const found: { where: string; match: RegExpMatchArray }[] = [];
  for (const [file, content] of text) {
    if (!keep(file)) continue;
    content.split('\n').forEach((line, i) => {
      for (const match of line.matchAll(pattern)) found.push({ where: `${file}:${i + 1}`, match });
    });
  }
  return found;
}

const headingCache = new Map<string, string[]>();
/** A doc's headings, as written (outside code blocks). */
function headings(doc: string): string[] {
  let cached = headingCache.get(doc);
  if (!cached) {
    let inCode = false;
    cached = [];
    for (const line of readFileSync(join(ROOT, doc), 'utf8').split('\n')) {
      if (line.startsWith('```')) inCode = !inCode;
      const h = !inCode && /^#{1,6}\s+(.+?)\s*$/.exec(line);
      if (h) cached.push(h[1]!);
    }
    headingCache.set(doc, cached);
  }
  return cached;
}

describe('the docs live in the repository', () => {
  it('finds the tracked files', () => {
    expect(files).toContain('docs/platform.md');
    expect(files.length).toBeGreaterThan(100);
  });

  it('no file outside docs/ cites a document kept outside the repository', () => {
    // Pages in docs/ may link each other by their names alone; elsewhere only docs/… paths count.
    const outside = linesMatching(OUTSIDE_DOC, (f) => !f.startsWith('docs/'))
      .filter(({ match }) => !/docs\/$/.test(match.input!.slice(0, match.index)))
      .map(({ where }) => where);
    expect(outside).toEqual([]);
  });

  it('every docs/ page cited exists, and so does the section named after it', () => {
    const wrong: string[] = [];
    for (const { where, match } of linesMatching(DOCS_CITATION, () => true)) {
      const doc = `docs/${match[1]}`;
      if (!existsSync(join(ROOT, doc))) {
        wrong.push(`${where}: ${doc} does not exist`);
        continue;
      }
      // A section: the text after the comma starts with one of the page's headings, or (cut by
      // the line's end) is the start of one.
      const rest = match[2]?.trim();
      if (!rest || !doc.endsWith('.md')) continue;
      const cutByLineEnd = match.index! + match[0].length === match.input!.length;
      const ok = headings(doc).some((h) => rest.startsWith(h) || (cutByLineEnd && rest.length >= 3 && h.startsWith(rest)));
      if (!ok) wrong.push(`${where}: no section "${rest}" in ${doc}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the README and the docs link only to files of the repository, and those files exist', () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')))) {
      for (const [, target] of text.get(file)!.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) wrong.push(`${file}: links outside the repository: ${target}`);
        else if (!target!.startsWith('#') && !existsSync(join(ROOT, dirname(file), target!.split('#')[0]!))) wrong.push(`${file}: ${target} does not exist`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
