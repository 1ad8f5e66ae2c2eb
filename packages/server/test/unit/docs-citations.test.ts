/**
 * The repository explains itself: comments and docs cite the docs in `docs/` (a page,
 * and a section of it: `(docs/domain/jobs.md, Templates)`), never documents kept outside the
 * repository, and every page and section they cite exists. The docs and the README link only to
 * files of the repository. They cite no issue or item numbers (which a reader of the repository
 * cannot open: the reason is said in words, or the docs section cited), and every file a comment
 * names exists.
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

/** An issue or item number (written in parts, so this file does not match itself). */
const ISSUE_NUMBER = new RegExp(['\\b[Ii]ssues? #?\\d', '\\bB\\d{1,2}\\b'].join('|'));
/** A file named in a comment: `render.ts`, `platform/mail/outbox.ts`, `shared/rules/money.ts`. */
const FILE_NAMED = /(?<![\w.@/<>*\\$-])((?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:tsx?|mts|mjs|css|md))(?![\w/])/g;
/** The example area docs/architecture.md walks through, which does not exist. */
const EXAMPLE_AREA = 'glazing';

/** The comment part of a line of code (a line in a block comment, or after `//`); all of a Markdown file's. */
function commentOf(file: string, line: string): string {
  if (file.endsWith('.md')) return line;
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return line;
  const at = line.indexOf('// ');
  return at >= 0 ? line.slice(at) : '';
}

/** Whether a path as written names a tracked file (`shared/…` is packages/shared/src/…, and so on). */
function namesTrackedFile(path: string): boolean {
  const tries = [path, path.replace(/^(shared|server|web)\//, 'packages/$1/src/'), path.replace(/^(shared|server|web)\//, 'packages/$1/')];
  return allTracked.some((t) => tries.some((q) => t === q || t.endsWith(`/${q}`)));
}
const allTracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');

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

  it('no comment or doc cites an issue or item number', () => {
    const cited: string[] = [];
    for (const [file, content] of text) {
      if (file.includes('/migrations/')) continue;
      content.split('\n').forEach((line, i) => {
        if (ISSUE_NUMBER.test(commentOf(file, line))) cited.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(cited).toEqual([]);
  });

  it('every file a comment or doc names exists', () => {
    const missing: string[] = [];
    for (const [file, content] of text) {
      if (file.includes('/migrations/')) continue;
      content.split('\n').forEach((line, i) => {
        for (const [, path] of commentOf(file, line).matchAll(FILE_NAMED)) {
          if (path!.startsWith('.') || path!.endsWith('.d.ts') || path!.includes(EXAMPLE_AREA)) continue;
          if (!namesTrackedFile(path!)) missing.push(`${file}:${i + 1}: ${path}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });

  it("no tracked file holds a merge's conflict markers", () => {
    const marker = new RegExp(`^(${['<'.repeat(7), '>'.repeat(7), '> '.repeat(7).trim()].join('|')})( |$)`);
    const marked = [...text].flatMap(([file, content]) => content.split('\n').flatMap((line, i) => (marker.test(line) ? [`${file}:${i + 1}: ${line}`] : [])));
    expect(marked).toEqual([]);
  });
});
