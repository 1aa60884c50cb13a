import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * DATA_DIR holds the database, the outbox (reset links, temporary passwords) and the generated
 * secrets: it is the app user's alone. The umask makes every file created from now on private
 * (0600, directories 0700); what an older version left readable or writable by others is fixed once.
 */
export async function privateDataDir(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await makePrivate(dataDir);
}

async function makePrivate(target: string): Promise<void> {
  const stat = await lstat(target).catch(() => null);
  if (!stat || stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) await chmod(target, stat.mode & 0o700);
  if (stat.isDirectory()) for (const entry of await readdir(target)) await makePrivate(path.join(target, entry));
}
