// What lives under DATA_DIR (the auth secret, the VAPID private key, the SQLite files and their backups) is read
// by the server's own user only, whatever the umask: the folder is made 0700 and each file 0600.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { join } from "node:path";

export const PRIVATE_FILE_MODE = 0o600;

export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Gives `file` mode 0600, creating it empty when missing: SQLite then keeps that mode for its -wal and -shm files,
 * and accepts an empty file as a new database and as the target of VACUUM INTO. A file of another user is left.
 */
export function makePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  try {
    if ((statSync(file).mode & 0o777) !== PRIVATE_FILE_MODE) chmodSync(file, PRIVATE_FILE_MODE);
  } catch {
    // Not ours to change (EPERM): the operator chose its mode.
  }
}

/** Start-up warns about a secret that others can read: it may have been copied there with a loose mode. */
export function warnAboutOpenSecrets(dataDir: string, logger: { warn: (message: string) => void }): void {
  for (const name of ["auth-secret", "vapid-keys.json"]) {
    const file = join(dataDir, name);
    if (existsSync(file) && (statSync(file).mode & 0o077) !== 0)
      logger.warn(`${file} can be read by other users of this machine: run chmod 600 ${file}`);
  }
}
