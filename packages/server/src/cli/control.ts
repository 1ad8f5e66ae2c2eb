/**
 * The running server's control file, DATA_DIR/control.json (mode 0600): where it listens and a
 * random token that lets `npm run db:backup` on this machine download a backup from it (on
 * PGlite the running server is the only process that may open its data folder). Whoever can read
 * the file can read DATA_DIR, the database itself, anyway. Written once the server listens,
 * removed when it stops; a stale one (its process gone) is ignored.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface ControlInfo {
  pid: number;
  url: string;
  token: string;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'control.json');

export const newControlToken = () => crypto.randomBytes(32).toString('base64url');

/** The address a local client reaches the server at (a wildcard listen address is reached on loopback). */
export function localUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

export function writeControlFile(dataDir: string, info: ControlInfo): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = fileOf(dataDir);
  fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  return () => {
    try {
      if ((JSON.parse(fs.readFileSync(file, 'utf8')) as ControlInfo).pid === info.pid) fs.unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

export function readControlFile(dataDir: string): ControlInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(fileOf(dataDir), 'utf8')) as ControlInfo;
  } catch {
    return undefined;
  }
}

/** The pid holding DATA_DIR's PGlite lock, when that process is alive. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim());
    if (!pid || pid === process.pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? Number(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').trim()) : undefined;
  }
}
