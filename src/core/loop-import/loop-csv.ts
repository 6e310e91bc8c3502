// The CSV of Loop's export zip, as opencsv writes it: comma-separated, fields with a comma, quote or line break in
// double quotes, a quote inside doubled. Pure: the zip is opened and decoded by the web (features/loop-import).

export type CsvRow = { line: number; cells: string[] };
export type CsvResult = { ok: true; rows: CsvRow[] } | { ok: false; line: number; detail: string };

/** Rows with the line each starts on (1-based); blank lines are left out. A leading BOM is ignored. */
export function parseCsv(text: string): CsvResult {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let wasQuoted = false;
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "" || wasQuoted) rows.push({ line: rowLine, cells });
    [cells, cell, wasQuoted] = [[], "", false];
  };
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (cell !== "") return { ok: false, line, detail: "a quote inside an unquoted field" };
      [quoted, wasQuoted] = [true, true];
    } else if (ch === ",") {
      cells.push(cell);
      [cell, wasQuoted] = ["", false];
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRow();
      line++;
      rowLine = line;
    } else if (wasQuoted) {
      return { ok: false, line, detail: "text after a closing quote" };
    } else cell += ch;
  }
  if (quoted) return { ok: false, line: rowLine, detail: "a quoted field is never closed" };
  if (cell !== "" || cells.length > 0 || wasQuoted) endRow();
  return { ok: true, rows };
}

/** A header's columns by name (trimmed, case ignored): Loop's exports differ in which columns they have. */
export function columnsOf(header: readonly string[]): (name: string) => number {
  const index = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  return (name) => index.get(name.toLowerCase()) ?? -1;
}

/** A number as Loop writes it, or as a spreadsheet may have rewritten it: `2.5`, `2,5`, `-1`. */
export function parseLoopNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}
