// The server's one logger (pino): JSON lines where a program reads them, one readable line each on a terminal.
import { pino, type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import type { LogLevel } from "../config";

export type { Logger };

export type LoggerOptions = {
  level: LogLevel;
  /** Where JSON lines go instead of stdout (tests capture them). */
  destination?: DestinationStream;
  /** The default output when no destination is given: 1 (stdout) or 2 (stderr). */
  fd?: 1 | 2;
};

// Belt and braces: nothing logs headers or bodies, but should a field with one of these names ever be logged, it is hidden.
const SECRET_KEYS = ["password", "newPassword", "token", "cookie", "authorization", "headers", "body"];

/** One readable line: `GET /api/habits/:id 200 3.1 ms req=…` plus the fields left over. */
function readable(log: Record<string, unknown>, messageKey: string): string {
  if (log.status === undefined) return String(log[messageKey]);
  const from = log.address ? ` from ${String(log.address)}` : "";
  const event = log[messageKey] === "request" ? "" : ` ${String(log[messageKey])}`;
  return `${log.method} ${log.route} ${log.status} ${log.ms} ms${event}${from} req=${log.reqId}`;
}

/**
 * pino's ISO time field, the string made once per millisecond: under load a server writes many lines in the same
 * millisecond, and formatting the date was a third of a request line's cost.
 */
function isoTimeOncePerMs(): () => string {
  let at = -1;
  let field = "";
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

export function createLogger({ level, destination, fd = 1 }: LoggerOptions): Logger {
  const options = {
    level,
    base: undefined, // no pid or hostname on every line
    timestamp: isoTimeOncePerMs(),
    redact: { paths: SECRET_KEYS.flatMap((k) => [k, `*.${k}`]), censor: "[redacted]" },
  };
  if (destination) return pino(options, destination);
  const stream = fd === 1 ? process.stdout : process.stderr;
  // Colours only on a terminal (pino-pretty also honours NO_COLOR); files and pipes get plain JSON, written in
  // 4 KiB batches (flushed at exit): a synchronous write per request costs GET /api/habits throughput.
  if (!stream.isTTY) return pino(options, pino.destination({ dest: fd, sync: false, minLength: 4096 }));
  return pino(
    options,
    pretty({
      destination: fd,
      sync: true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "method,route,status,ms,reqId,address",
      messageFormat: readable,
      singleLine: true,
    }),
  );
}
