// Command-line options shared by scripts/bench.ts and scripts/bench-api.ts, and the machine's description.
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg, totalmem } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { SERVER_PARTS, type ServerBenchOptions, type ServerPart } from "./server-figures";

const usage = (parts: readonly string[], optIn: readonly string[] = []) => `Options:
  --quick            short runs for development (2 s loads, 2 rounds, RSS runs of 5 s); not for the record
  --only a,b         only these parts: ${parts.join(", ")}${optIn.length ? ` (${optIn.join(", ")} only when named)` : ""}
  --app <dir>        measure another checkout (its server, bench-core.ts and build), e.g. a "before" tree
  --web-dir <dir>    initial JavaScript of an existing build instead of building one
  --seconds <n>      seconds of each measured load (default 5)
  --rounds <n>       interleaved rounds of each comparison (default 3)
  --rss-seconds <n>  seconds of each of the 5 runs of mixed load (default 30)`;

export type BenchOptions = Omit<ServerBenchOptions, "parts" | "log"> & {
  parts: ReadonlySet<string>;
  webDir?: string;
};

/**
 * The options; prints the usage and exits on --help (0) and on a wrong option (2). Parts in `optIn` run only when
 * --only names them.
 */
export function parseOptions(
  argv: string[],
  allowed: readonly string[],
  optIn: readonly string[] = [],
): BenchOptions {
  try {
    return parse(argv, allowed, optIn);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage(allowed, optIn)}`);
    process.exit(2);
  }
}

function parse(argv: string[], allowed: readonly string[], optIn: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean", default: false },
      only: { type: "string" },
      app: { type: "string" },
      "web-dir": { type: "string" },
      seconds: { type: "string" },
      rounds: { type: "string" },
      "rss-seconds": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage(allowed, optIn));
    process.exit(0);
  }
  const positive = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!(n > 0)) throw new Error(`--${name}: expected a positive number, got ${value}`);
    return n;
  };
  const parts = values.only
    ? values.only.split(",").map((p) => p.trim())
    : allowed.filter((p) => !optIn.includes(p));
  for (const part of parts) if (!allowed.includes(part)) throw new Error(`--only: unknown part ${part}`);
  const quick = values.quick;
  return {
    appDir: resolve(values.app ?? resolve(import.meta.dirname, "../..")),
    seconds: positive("seconds", values.seconds, quick ? 2 : 5),
    rounds: positive("rounds", values.rounds, quick ? 2 : 3),
    rssRuns: 5,
    rssSeconds: positive("rss-seconds", values["rss-seconds"], quick ? 5 : 30),
    parts: new Set(parts),
    webDir: values["web-dir"] && resolve(values["web-dir"]),
  };
}

export const serverParts = (parts: ReadonlySet<string>) =>
  new Set(SERVER_PARTS.filter((p): p is ServerPart => parts.has(p)));

export function machine(): string {
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? "unknown CPU";
  return `${availableParallelism()} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`;
}

export const load1 = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
