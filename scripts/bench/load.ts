// Load from autocannon, in this process, against a server in another one. Latencies are kept per response, to the
// microsecond (autocannon's own histogram rounds them to whole milliseconds, too coarse for a 10 ms budget).
import autocannon from "autocannon";

export type LoadRequest = autocannon.Request;

export type LoadOptions = {
  seconds: number;
  connections?: number;
  /** Requests in the order each connection sends them, then again (autocannon's `requests`). Default: GET /. */
  requests?: LoadRequest[];
  headers?: Record<string, string>;
};

export type LoadResult = {
  /** 2xx answers a second. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, connection errors and timeouts: any of them spoils the figure. */
  bad: number;
  /** What the bad ones were: { "HTTP 429": 3, timeouts: 2 }... */
  badKinds: Record<string, number>;
};

export const CONNECTIONS = 50;

export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections ?? CONNECTIONS,
        duration: options.seconds,
        headers: options.headers,
        requests: options.requests,
      },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    rps: latencies.length / result.duration,
    p50: at(0.5),
    p99: at(0.99),
    bad: result.non2xx + result.errors + result.timeouts,
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
