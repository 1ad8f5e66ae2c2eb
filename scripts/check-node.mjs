// Glazier runs on a supported Node.js release: the range in package.json's "engines" (22 or 24;
// Node 20 left support in April 2026, and some dependencies need 22). `npm start`, `npm run serve`,
// `npm run dev` and `npm test` run this first, so an older Node stops with what to do instead of a
// crash deep inside a dependency.
import fs from 'node:fs';

/** What is wrong with running Node `version` ("20.20.2") for `range` (">=22.12"), or null when nothing. */
export function nodeVersionProblem(version, range) {
  const min = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range);
  if (!min) return null;
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const [needMajor, needMinor] = [Number(min[1]), Number(min[2] ?? 0)];
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return (
    `Glazier needs Node.js ${needMajor}.${needMinor} or newer (22 LTS or 24 LTS); this is Node.js ${version.replace(/^v/, '')}.\n` +
    'Install Node.js 24 LTS (https://nodejs.org/en/download), then run the command again.'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { engines } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(process.versions.node, engines.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
