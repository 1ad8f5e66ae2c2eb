/** Configuration from the environment (documented in README.md). */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  sessionSecret: string | undefined;
  /** Cookies get `Secure` (set when the app is served over TLS, directly or behind a proxy). */
  secureCookies: boolean;
  webDist: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionSecret: env.SESSION_SECRET || undefined,
    secureCookies: env.SECURE_COOKIES === 'true',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'packages/web/dist')),
  };
}
