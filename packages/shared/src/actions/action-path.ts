/**
 * An action's URL path with its `:name` segments filled in, each URL-encoded. Apart from define.ts,
 * which builds zod schemas, so the web's first screen can call actions without loading zod.
 */
export function actionPath(def: { path: string }, params?: Record<string, string | number>): string {
  return def.path.replace(/:([a-z_]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`${def.path}: the path parameter ${key} is missing.`);
    return encodeURIComponent(String(value));
  });
}
