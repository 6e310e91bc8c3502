// The one table `npm run bench` prints: each figure beside its reference from the same run, the ratio, the budget,
// and whether the budget holds. A row whose measurement failed (errors under load, a script that did not report)
// counts as missed.

export type Row = {
  what: string;
  figure: string;
  /** The same-run reference, or "—" for a budget in absolute terms. */
  reference: string;
  ratio: string;
  budget: string;
  /** null: for information only. */
  ok: boolean | null;
};

export const verdict = (ok: boolean | null) => (ok === null ? "" : ok ? "OK" : "OVER");

export function formatTable(rows: readonly Row[]): string {
  const header = ["what", "figure", "reference (same run)", "ratio", "budget", ""];
  const cells = [
    header,
    ...rows.map((r) => [r.what, r.figure, r.reference, r.ratio, r.budget, verdict(r.ok)]),
  ];
  const widths = header.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...cells.slice(1).map(line)].join("\n");
}

export const missed = (rows: readonly Row[]) => rows.filter((r) => r.ok === false);

const grouped = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
export const reqs = (n: number) => `${grouped.format(n)} req/s`;
export const ms = (n: number) =>
  Number.isNaN(n) ? "no answer" : `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A row for a measurement that threw: its budget counts as missed. */
export const failedRow = (what: string, budget: string, error: unknown): Row => ({
  what,
  figure: `failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
  reference: "—",
  ratio: "—",
  budget,
  ok: false,
});
