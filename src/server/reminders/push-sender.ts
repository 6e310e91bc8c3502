// The Web Push channel (docs/decisions/0033-reminders.md): web-push encrypts each payload for the device and signs
// the request with the server's VAPID key. A push service that answers 404 or 410 has dropped the subscription.
// A push goes only to a public address, checked on the address the connection uses, and takes bounded time and
// bytes (docs/decisions/0054-push-to-public-addresses-fairly.md).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import webpush from "web-push";
import type { VapidConfig } from "../config";
import type { Logger } from "../log/logger";
import type { PushPayload } from "../../core/reminders/push-payload";
import { endpointRefusal, isPublicAddress } from "./public-address";
import type { PushSubscriptionRow } from "./reminders.repo";

/** A reminder not shown within an hour is no longer a reminder of that time. */
export const PUSH_TTL_SECONDS = 3600;
/** A push service that does not take the connection within this is given up on. */
export const PUSH_CONNECT_TIMEOUT_MS = 3_000;
/** The whole exchange with one push service, from lookup to status line. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Of an answer only the status counts: at most this much of its body is read. */
const ANSWER_MAX_BYTES = 4 * 1024;

export type PushOutcome = "accepted" | "gone" | "failed";

export type PushSender = (subscription: PushSubscriptionRow, payload: PushPayload) => Promise<PushOutcome>;

export type PushSenderOptions = {
  /** PUSH_ALLOW_PRIVATE_HOSTS: tests and private deployments reach a push service on their own network. */
  allowPrivateHosts: boolean;
  connectTimeoutMs?: number;
  timeoutMs?: number;
  resolver?: Resolver;
};

/** A push refused before any byte left: the endpoint is not a public address. */
class NotPublicError extends Error {}

/** Where a push went, for the log: the push service's host only (the path names the device, like a secret). */
const serviceOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : "an invalid URL");

/** The addresses a name resolves to: the system's resolver (dns.lookup) unless a test gives its own. */
export type Resolver = (
  hostname: string,
  callback: (err: Error | null, addresses: LookupAddress[]) => void,
) => void;
const systemResolver: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/** The connection's lookup: refuses every answer that holds an address that is not public (a rebound name too). */
export function publicLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) =>
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (addresses.length === 0 || refused) {
        const error = new NotPublicError(
          `${hostname} resolves to ${refused?.address ?? "nothing"}, not a public address`,
        );
        return callback(error, "", 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
}

type Request = { endpoint: string; method: string; headers: Record<string, string>; body: Buffer };

/** POSTs one push: resolves to the answer's status, after at most ANSWER_MAX_BYTES of its body. */
function send(req: Request, options: Required<PushSenderOptions>): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = new URL(req.endpoint);
    // Node skips the lookup for an IP literal: without PUSH_ALLOW_PRIVATE_HOSTS this refuses every literal.
    const refusal = endpointRefusal(req.endpoint, options.allowPrivateHosts);
    if (refusal !== null) return reject(new NotPublicError(`the endpoint ${refusal}: not a public address`));
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
      method: req.method,
      headers: req.headers,
      ...(!options.allowPrivateHosts && { lookup: publicLookup(options.resolver) }),
      agent: false, // a fresh connection, looked up and checked each time
    });
    const fail = (error: Error) => {
      clearTimeout(overall);
      request.destroy(error);
      reject(error);
    };
    const overall = setTimeout(
      () => fail(new Error(`timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on("socket", (socket) => {
      if (!socket.connecting) return;
      const connect = setTimeout(
        () => fail(new Error(`no connection within ${options.connectTimeoutMs} ms`)),
        options.connectTimeoutMs,
      );
      socket.once("connect", () => clearTimeout(connect));
      socket.once("close", () => clearTimeout(connect));
    });
    request.on("error", fail);
    request.on("response", (answer: IncomingMessage) => {
      // node:http follows no redirect: a 3xx is an answer like any other, and its Location is never read.
      let read = 0;
      const done = () => {
        clearTimeout(overall);
        resolve(answer.statusCode ?? 0);
      };
      answer.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > ANSWER_MAX_BYTES) {
          answer.destroy();
          done();
        }
      });
      answer.on("end", done);
      answer.on("error", fail);
    });
    request.end(req.body);
  });
}

/** web-push encrypts the payload (aes128gcm) and signs the VAPID header; node:http(s) sends it (see send). */
export function createPushSender(vapid: VapidConfig, logger: Logger, opts: PushSenderOptions): PushSender {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  const options = {
    connectTimeoutMs: PUSH_CONNECT_TIMEOUT_MS,
    timeoutMs: PUSH_TIMEOUT_MS,
    resolver: systemResolver,
    ...opts,
  } satisfies Required<PushSenderOptions>;
  return async (subscription, payload) => {
    let status: number | undefined;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: "normal" },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      status = await send({ ...request, headers, body: Buffer.from(request.body) }, options);
      if (status >= 200 && status < 300) return "accepted";
      if (status === 404 || status === 410) return "gone";
      logger.warn({ service: serviceOf(subscription.endpoint), status }, "push service refused a reminder");
      return "failed";
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 200) : String(error);
      if (error instanceof NotPublicError)
        logger.warn(
          { service: serviceOf(subscription.endpoint), error: message },
          "push refused: not a public address",
        );
      else
        logger.warn(
          { service: serviceOf(subscription.endpoint), status, error: message },
          "sending a push failed",
        );
      return "failed";
    }
  };
}
