/**
 * The JSON body parser of every route. Fastify's own parser (prototype-poisoning safe), behind two
 * checks: an empty body is no body (DELETE, logout), and a body nested deeper than
 * MAX_JSON_DEPTH is refused with 400 before it is parsed, so no validator, hook or query
 * recurses through 10 000 levels ("Maximum call stack size exceeded": a 500).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../engine/errors.ts';

/**
 * The deepest arrays and objects may go. The deepest body the API takes is a job product's cut
 * list (8 levels of rows, two JSON levels each) inside a store_many batch: about 20.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when JSON text opens more than `max` arrays or objects inside each other (strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

export const tooDeep = () => new ApiError(400, `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`);

export function registerJsonBodyParser(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeep(), undefined);
    jsonParser(request, text, done);
  });
}
