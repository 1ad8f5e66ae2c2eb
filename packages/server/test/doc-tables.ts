/**
 * The tables of docs/platform.md that the tests take as their expectation, so a right is written
 * in the doc and in its declaration, and nowhere else: the doc's row is what a test compares with.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Access, WriteAccess } from '@glazier/shared/resources/define';

const PLATFORM = path.join(import.meta.dirname, '../../../docs/platform.md');

/** The rows (each as its cells) of the first table under the heading `## <section>` of the platform's doc. */
export function platformTable(section: string): string[][] {
  const lines = fs.readFileSync(PLATFORM, 'utf8').split('\n');
  const start = lines.indexOf(`## ${section}`);
  if (start < 0) throw new Error(`docs/platform.md has no section ${section}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (line.startsWith('|'))
      rows.push(
        line
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim()),
      );
    else if (rows.length) break;
  }
  return rows.slice(2); // the header and its rule
}

/** A cell's right: its first words before a note in brackets ("signed in", "nobody (named actions)"). */
const access = (cell: string) => cell.replace(/\s*\(.*\)$/, '').replace(' ', '_') as WriteAccess;

/**
 * Which right guards each resource (docs/platform.md): [read, write] by resource, named in the
 * doc as words ("job products" is `job_products`).
 */
export function documentedGuards(): Record<string, [Access, WriteAccess]> {
  const out: Record<string, [Access, WriteAccess]> = {};
  for (const [resources = '', read = '', write = ''] of platformTable('Which right guards each resource'))
    for (const name of resources.split(',').map((r) => r.trim().replaceAll(' ', '_'))) {
      if (name in out) throw new Error(`docs/platform.md names ${name} twice in Which right guards each resource`);
      out[name] = [access(read) as Access, access(write)];
    }
  return out;
}
