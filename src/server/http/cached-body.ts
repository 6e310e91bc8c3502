import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { CachedAnswer, UserCache } from "../sync/change-hub";
import type { AppEnv } from "./env";
import { framedResponse } from "./frame";

const JSON_TYPE = "application/json; charset=UTF-8";
const gzipAsync = promisify(gzip);
/** Kept bodies and a pull's pages under this go as they are: gzip would save a few hundred bytes, costing more. */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * A route's answer to one request goes as it is under this size, and gzipped from it
 * (docs/decisions/0058-write-path.md). An answer this small reaches the client in the same round
 * trip either way (the first flight of a TCP connection carries 10 segments, about 14 KB, headers included), and
 * gzipping it costs CPU under load at any level.
 */
export const ANSWER_COMPRESS_MIN_BYTES = 12 * 1024;
/**
 * Bodies under this are gzipped on the event loop: a trip to libuv's threads and zlib's stream around it cost
 * several times the compression itself, and the loop waits for the answer anyway. Larger ones (a list, a
 * first sync's page) go to the threads.
 */
const GZIP_HERE_MAX_BYTES = 16 * 1024;

/** True when the request's Accept-Encoding lists gzip with a quality above 0. */
export function acceptsGzip(c: Context): boolean {
  const header = c.req.header("accept-encoding");
  if (!header) return false;
  // What browsers send ("gzip, deflate, br, zstd"): gzip listed, no quality anywhere.
  if (!header.includes(";")) return /(?:^|,)\s*gzip\s*(?:,|$)/i.test(header);
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name?.trim().toLowerCase() !== "gzip") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * A JSON body with its length given, sent with every header made here (framedResponse: the app's compression has
 * nothing to do, and says so as it would, with Vary on a body that is compressed for a client that takes gzip: one
 * of at least `compressedFrom` bytes).
 */
export const sizedJson = (
  c: Context<AppEnv>,
  text: string,
  status: ContentfulStatusCode = 200,
  compressedFrom = COMPRESS_MIN_BYTES,
) => {
  const length = Buffer.byteLength(text);
  const headers: Record<string, string> = { "content-type": JSON_TYPE, "content-length": String(length) };
  if (length >= compressedFrom) headers.vary = "Accept-Encoding";
  return framedResponse(c, text, status, headers);
};

/**
 * A route's JSON answer, made whole here: under `compressFrom` bytes as it is, larger gzipped for a client that
 * takes gzip (on libuv's threads past GZIP_HERE_MAX_BYTES). One answer to one request goes as it is up to
 * ANSWER_COMPRESS_MIN_BYTES; the pages of a pull, which a first sync fetches one after the other, are compressed
 * from COMPRESS_MIN_BYTES, as the bytes of the whole sync count. The app's compression (hono's compress, for
 * answers whose length it does not know) compressed every answer through a web CompressionStream, a small push
 * answer included: about a tenth of a push's CPU time.
 */
export async function jsonAnswer(
  c: Context<AppEnv>,
  value: unknown,
  status: ContentfulStatusCode = 200,
  compressFrom = ANSWER_COMPRESS_MIN_BYTES,
) {
  const text = JSON.stringify(value);
  // text.length counts UTF-16 units: at most the bytes, so a body of more bytes than it says may go as it is.
  if (text.length < compressFrom || !acceptsGzip(c)) return sizedJson(c, text, status, compressFrom);
  const zipped = text.length < GZIP_HERE_MAX_BYTES ? gzipSync(text) : await gzipAsync(text);
  return framedResponse(c, zipped, status, {
    "content-type": JSON_TYPE,
    "content-encoding": "gzip",
    "content-length": String(zipped.length),
    vary: "Accept-Encoding",
  });
}

/** A kept JSON answer: gzipped once and sent gzipped to every client that takes it; as it is to the others. */
export async function sendCached(c: Context<AppEnv>, cache: UserCache, userId: string, answer: CachedAnswer) {
  if (answer.size < COMPRESS_MIN_BYTES || !acceptsGzip(c)) return sizedJson(c, answer.body);
  const gzipped = await cache.gzipped(userId, answer);
  return framedResponse(c, gzipped, 200, {
    "content-type": JSON_TYPE,
    "content-encoding": "gzip",
    "content-length": String(gzipped.length),
    vary: "Accept-Encoding",
  });
}
