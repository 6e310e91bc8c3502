import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { verifyPassword as verifyBetterAuthDefault } from "better-auth/crypto";

export type ScryptParams = { N: number; r: number; p: number };

// OWASP Password Storage Cheat Sheet, scrypt: N=2^17 (128 MiB), r=8, p=1. See docs/decisions/0008-password-hashing.md.
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const satisfies ScryptParams;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = "scrypt";

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};

/** Runs at most `max` tasks at once; the others wait in order of arrival. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing task hands over its turn
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

// Each hash holds one of libuv's shared threads (4 by default) and a CPU core for its whole run; static files are
// read on the same threads. Hashes get at most half the threads and leave a core free, so a page load never queues
// behind a burst of sign-ins (scripts/bench-hash-static.ts measures it).
const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const MAX_CONCURRENT_HASHES = Math.max(
  1,
  Math.min(2, Math.floor(POOL_SIZE / 2), availableParallelism() - 1),
);
const limitHashes = createLimiter(MAX_CONCURRENT_HASHES);

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return limitHashes(() => scryptAsync(password, salt, params));
}

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    ...params,
    maxmem: 128 * params.N * params.r * params.p + 32 * 1024 * 1024,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Hashes as `scrypt$N$r$p$salt$key` (base64url): the parameters travel with the hash, so they can be raised later.
 * `params` is for tests only (cheap hashes); production always uses SCRYPT_PARAMS.
 */
export function createPasswordHasher(params: ScryptParams = SCRYPT_PARAMS): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, params);
      const { N, r, p } = params;
      return [PREFIX, N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
    },
    async verify({ hash, password }) {
      const parts = hash.split("$");
      // Hashes in Better Auth's own format (salt:key, N=2^14, r=16) are still accepted.
      if (parts[0] !== PREFIX) return limitHashes(() => verifyBetterAuthDefault({ hash, password }));
      const [, N, r, p, salt, key] = parts;
      if (!N || !r || !p || !salt || !key) return false;
      const expected = Buffer.from(key, "base64url");
      const actual = await derive(password, Buffer.from(salt, "base64url"), {
        N: Number(N),
        r: Number(r),
        p: Number(p),
      });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}

const defaultHasher = createPasswordHasher();
export const hashPassword = defaultHasher.hash;
export const verifyPassword = defaultHasher.verify;
