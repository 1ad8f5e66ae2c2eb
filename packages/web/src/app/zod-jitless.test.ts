import { expect, it } from 'vitest';
import './zod-jitless.ts';
import { config } from 'zod/v4/core';
import { z } from 'zod';

it('zod parses without compiling code (no eval for the CSP to refuse)', () => {
  expect(config().jitless).toBe(true);
  const evaluated: string[] = [];
  const RealFunction = globalThis.Function;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      evaluated.push(args.join(','));
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    const schema = z.object({ name: z.string(), qty: z.number() });
    expect(schema.parse({ name: 'Mirror', qty: 2 })).toEqual({ name: 'Mirror', qty: 2 });
  } finally {
    globalThis.Function = RealFunction;
  }
  expect(evaluated).toEqual([]);
});
