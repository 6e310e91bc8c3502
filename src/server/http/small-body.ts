import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

/**
 * Reads a small request body (a push, a mark, a settings change) straight from Node's request stream and hands it
 * to Hono's body cache, so that `c.req.json()` parses it from there. Reading it through the Fetch `Request` that
 * @hono/node-server makes on first use of `body` (as hono's bodyLimit does) built a web stream, an AbortSignal and
 * a full undici Request for every write: a fifth of a push's CPU time. At most `maxSize` bytes are read, counted
 * as they arrive whatever Content-Length says; past that, `tooLarge` answers (413). Outside @hono/node-server (the
 * in-process tests' app.request) there is no Node stream: `fallback` (hono's bodyLimit) runs instead.
 */
export function smallBody(
  maxSize: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
  fallback: MiddlewareHandler,
): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (incoming === undefined || typeof incoming.on !== "function") return fallback(c, next);
    const declared = Number(incoming.headers["content-length"] ?? 0);
    if (declared > maxSize) return tooLarge(c);
    const body = await readUpTo(incoming, maxSize);
    if (body === undefined) return tooLarge(c);
    // A leading byte order mark is dropped, as the Fetch API's text() does.
    const text = body.toString("utf8");
    // Hono keeps each body it read as a promise of it (its types say the value).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(
      text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
    );
    await next();
  };
}

/** The whole body, or undefined once it passes `maxSize` bytes (the rest is left to the server to drain). */
function readUpTo(incoming: IncomingMessage, maxSize: number): Promise<Buffer | undefined> {
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: Buffer | undefined, error?: Error) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("aborted", onAborted);
      if (error) reject(error);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        incoming.pause();
        done(undefined);
      } else chunks.push(chunk);
    };
    const onEnd = () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    const onError = (error: Error) => done(undefined, error);
    const onAborted = () => done(undefined, new Error("The client closed the request"));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("aborted", onAborted);
  });
}
