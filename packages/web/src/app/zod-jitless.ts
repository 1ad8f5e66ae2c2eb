/**
 * Zod's object parser compiles itself with `new Function` where the page allows it, and probes that
 * once with a caught `new Function("")`. Our CSP has no 'unsafe-eval', so the probe is refused, and
 * the browser reports the refusal as a CSP violation (Lighthouse's best practices: "Issues logged").
 * Jitless parsing asks nothing of the CSP.
 *
 * Zod reads the setting as each schema is made, and keeps its settings in this global so that
 * every copy of zod shares them; setting it here, before zod loads (main.tsx imports this module
 * first), costs the first screen none of zod's code. zod-jitless.test.ts holds zod to it.
 */
// (Changed in place, not replaced: a zod already loaded, as in a test run, holds on to the object.)
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
