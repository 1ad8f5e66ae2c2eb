/**
 * An area's writes go through the named write (engine/named-write.ts;
 * docs/architecture.md, Named writes), which opens the transaction and writes the audit row and
 * live notice, and its handlers answer plain values that http/ sends: so no area file imports the
 * audit log or Fastify, nor opens a transaction itself.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const AREAS = normalize(join(import.meta.dirname, '../../src/areas'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(AREAS);

describe("the areas' writes", () => {
  it('reads every area file (the check sees the files it judges)', () => {
    expect(files.length).toBeGreaterThan(60);
    expect(files.some((f) => f.endsWith('purchasing/send-purchase-order.ts'))).toBe(true);
  });

  it('import neither the audit log nor Fastify, and open no transaction', () => {
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const name = relative(AREAS, file);
      for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
        if (/engine\/audit(\.ts)?$/.test(fileName) || /^fastify($|\/)/.test(fileName)) found.push(`${name} imports ${fileName}`);
      }
      if (/\brecordAudit\b/.test(text)) found.push(`${name} names recordAudit`);
      if (/\.transaction\(/.test(text)) found.push(`${name} opens a transaction`);
    }
    expect(found).toEqual([]);
  });
});
