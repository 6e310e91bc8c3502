// The accounts the benchmarks use, made through the app's own routes: Better Auth's sign-up, then an import of a
// backup (PUT /api/habits). Fixed seeds, so every run measures the same data.
import { BROWSER_ENCODINGS, json, rawRequest } from "./http-client";

/** YYYY-MM-DD. Plain date arithmetic here rather than src/core's, which the bench measures and others change. */
export type LocalDate = string;
export const utcToday = (): LocalDate => new Date().toISOString().slice(0, 10);
export const addDays = (date: LocalDate, n: number): LocalDate =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export type BenchAccount = { cookie: string; habitIds: string[] };
export type BackupItem = { name: string; completedDates: LocalDate[] };

/** 20 habits, each done on every one of the 365 days before today (today left for the benchmarks to mark). The
 * issue's list figures (101 KB of JSON) are of this account. */
export function yearBackup(today: LocalDate): BackupItem[] {
  const dates = Array.from({ length: 365 }, (_, d) => addDays(today, -365 + d));
  return Array.from({ length: 20 }, (_, h) => ({ name: `Habit ${h + 1}`, completedDates: dates }));
}

/** 50 habits × 10 years ending `last`, about one day in seventy missed: about 180,000 days marked (the
 * first-sync account, scripts/bench-sync.ts). */
export function decadeBackup(last: LocalDate): BackupItem[] {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 50 }, (_, h) => ({
    name: `Habit ${h + 1}`,
    completedDates: Array.from({ length: 10 * 365 }, (_, d) => addDays(last, -d)).filter(
      () => random() > 1 / 70,
    ),
  }));
}

let accounts = 0;

/** Signs up a new account and imports `backup` into it. */
export async function newAccount(url: string, backup: BackupItem[]): Promise<BenchAccount> {
  const signUp = await rawRequest(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      name: "Bench",
      email: `bench-${process.pid}-${Date.now()}-${++accounts}@example.com`,
      password: "bench-password-1",
    }),
  });
  json(signUp);
  const cookie = signUp.headers
    .filter(([name]) => name.toLowerCase() === "set-cookie")
    .map(([, value]) => value.split(";")[0])
    .join("; ");
  const imported = await rawRequest(`${url}/api/habits`, {
    method: "PUT",
    headers: {
      "content-type": "application/json",
      origin: url,
      cookie,
      "accept-encoding": BROWSER_ENCODINGS,
    },
    body: JSON.stringify(backup),
  });
  const habits = json<{ id: string }[]>(imported);
  return { cookie, habitIds: habits.map((h) => h.id) };
}

/** `count` accounts, two sign-ups at a time (each hashes its password with the production scrypt parameters). */
export async function newAccounts(url: string, count: number, backup: BackupItem[]): Promise<BenchAccount[]> {
  const made = new Array<BenchAccount>(count);
  let next = 0;
  const worker = async () => {
    for (let slot = next++; slot < count; slot = next++) made[slot] = await newAccount(url, backup);
  };
  await Promise.all([worker(), worker()]);
  return made;
}
