// An open-loop load: requests start at evenly spaced instants, whether or not earlier ones have been answered, and
// each latency counts from the instant its request was due. Autocannon's `overallRate` is a quota a second per
// connection (reset by a one-second interval), so its "paced" run sends each second's quota back to back as a
// closed loop and then waits: at half the closed-loop rate, half of every second is the saturated queue again.
import { Agent, request } from "node:http";
import type { LoadRequest } from "./load";

export type PacedAnswer = { at: number; ms: number; step: number; status: number };

export type PacedOptions = {
  urls: readonly string[];
  /** Requests a second, over all the servers. */
  rate: number;
  seconds: number;
  /** Keep-alive sockets to each server at most; a request due when all are busy waits (and its wait counts). */
  socketsPerServer: number;
  /** One pass's requests in order, for a server (as autocannon's `requests`: setupRequest, onResponse). */
  passOf: (url: string) => readonly LoadRequest[];
};

type Pass = { url: string; requests: readonly LoadRequest[]; context: object; step: number };

function send(agent: Agent, pass: Pass, onAnswer: (status: number, body: string) => void) {
  const step = pass.requests[pass.step]!;
  const setup = typeof step.setupRequest === "function" ? step.setupRequest({}, pass.context) : {};
  const req = request(
    `${pass.url}${setup.path ?? "/"}`,
    { method: setup.method ?? "GET", headers: setup.headers, agent },
    (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => onAnswer(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8")));
      res.on("error", () => onAnswer(0, ""));
    },
  );
  req.on("error", () => onAnswer(0, ""));
  req.end(setup.body);
}

/** Runs `seconds` of arrivals at `rate`, then waits for the answers still due; every answer, in order. */
export async function pacedLoad(o: PacedOptions): Promise<PacedAnswer[]> {
  const agents = new Map(
    o.urls.map((url) => [url, new Agent({ keepAlive: true, maxSockets: o.socketsPerServer })]),
  );
  const answers: PacedAnswer[] = [];
  const ready: Pass[] = [];
  let servers = 0;
  let inFlight = 0;
  const interval = 1000 / o.rate;
  const started = performance.now();
  const total = Math.floor(o.seconds * o.rate);
  let sent = 0;
  await new Promise<void>((resolve) => {
    const start = (due: number) => {
      let pass = ready.shift();
      if (!pass) {
        const url = o.urls[servers++ % o.urls.length]!;
        pass = { url, requests: o.passOf(url), context: {}, step: 0 };
      }
      const current = pass;
      inFlight++;
      send(agents.get(current.url)!, current, (status, body) => {
        const at = performance.now();
        answers.push({ at, ms: at - due, step: current.step, status });
        const { onResponse } = current.requests[current.step]!;
        if (typeof onResponse === "function") onResponse(status, body, current.context, undefined);
        if (++current.step < current.requests.length) ready.push(current);
        if (--inFlight === 0 && sent === total) resolve();
      });
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) start(started + sent++ * interval);
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
      else if (inFlight === 0) resolve();
    };
    tick();
  });
  for (const agent of agents.values()) agent.destroy();
  return answers;
}
