/** The Node.js check `npm start` and `npm test` run first (Node 20 left support in April 2026). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../../../scripts/check-node.mjs';

const root = new URL('../../../../', import.meta.url);
const engines = (JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }).engines.node;

describe('the supported Node.js', () => {
  it('package.json asks for 22.12 or newer', () => {
    expect(engines).toBe('>=22.12');
  });

  it('refuses Node 20 (and 22 before 22.12) with what to do; takes 22.12, 24 and later', () => {
    expect(nodeVersionProblem('v20.20.2', engines)).toMatch(
      /^Glazier needs Node\.js 22\.12 or newer \(22 LTS or 24 LTS\); this is Node\.js 20\.20\.2\.\nInstall Node\.js 24 LTS/,
    );
    expect(nodeVersionProblem('22.11.0', engines)).not.toBeNull();
    for (const fine of ['22.12.0', '22.23.5', '24.22.3', '25.1.0']) expect(nodeVersionProblem(fine, engines)).toBeNull();
  });

  it('passes quietly on the Node running the tests', () => {
    expect(execFileSync(process.execPath, ['scripts/check-node.mjs'], { cwd: root, encoding: 'utf8' })).toBe('');
  });
});
