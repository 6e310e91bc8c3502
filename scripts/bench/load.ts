// Load from autocannon, in this process, against a server in another one. Latencies are kept per response, to the
// microsecond (autocannon's own histogram rounds them to whole milliseconds, too coarse for a 10 ms budget), and
// counted from the steady state on.
import autocannon from "autocannon";
import { settle } from "./processes";

export type LoadRequest = autocannon.Request;

export type LoadOptions = {
  seconds: number;
  connections?: number;
  /** Requests in the order each connection sends them, then again (autocannon's `requests`). Default: GET /. */
  requests?: LoadRequest[];
  headers?: Record<string, string>;
  /** Server processes to wait for after the run, until they have finished what they had accepted. */
  settle?: readonly number[];
};

export type LoadResult = {
  /** 2xx answers a second. */
  rps: number;
  /** How long the steady state lasted; 0 when it came too late (under a quarter of the run) to count alone. */
  steadySeconds: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, connection errors and timeouts: any of them spoils the figure. */
  bad: number;
  /** What the bad ones were: { "HTTP 429": 3, timeouts: 2 }... */
  badKinds: Record<string, number>;
};

export const CONNECTIONS = 50;

/**
 * Figures of the steady state: from the moment every connection has had its first answer (before it, the server's
 * queue is still filling, and a slow server answers nothing for a while) to the end of the run; of the whole run
 * when that moment came too late.
 */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? CONNECTIONS;
  const answers: { at: number; ms: number }[] = [];
  const answered = new Set<unknown>();
  let steadyFrom = Number.NaN;
  const statuses = new Map<number, number>();
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: options.seconds, headers: options.headers, requests: options.requests },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
    instance.on("response", (client, status, _bytes, ms) => {
      const at = performance.now();
      if (answered.size < connections) {
        answered.add(client);
        if (answered.size === connections) steadyFrom = at;
      }
      if (status >= 200 && status < 300) answers.push({ at, ms });
      else statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const ended = performance.now();
  if (options.settle) await settle(options.settle);
  // A server slower than the run never reaches it: then the whole run counts, ramp-up included (steadySeconds 0).
  const steadyEnough = ended - steadyFrom >= (options.seconds * 1000) / 4;
  const from = steadyEnough ? steadyFrom : started;
  const steady = answers.filter((a) => a.at >= from);
  const latencies = steady.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return {
    rps: steady.length / ((ended - from) / 1000),
    steadySeconds: steadyEnough ? (ended - from) / 1000 : 0,
    p50: at(0.5),
    p99: at(0.99),
    bad: result.non2xx + result.errors, // autocannon's errors include its timeouts
    badKinds: {
      ...Object.fromEntries([...statuses].map(([status, n]) => [`HTTP ${status}`, n])),
      ...(result.timeouts && { timeouts: result.timeouts }),
      ...(result.errors > result.timeouts && { "connection errors": result.errors - result.timeouts }),
    },
  };
}

/** Next of a round-robin, shared by every connection of a run. */
export function roundRobin(length: number) {
  let next = 0;
  return () => next++ % length;
}
