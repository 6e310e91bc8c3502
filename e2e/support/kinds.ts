// Arranging habits of every kind (docs/product.md, "Kinds of habit") for the browser tests: created through the
// sync push a device sends, since PUT /api/habits takes no kind. Assertions go through the pages.
import { randomUUID } from "node:crypto";
import type { HabitKind, HabitRule } from "../../src/core/habit-kind";
import type { SyncOp, SyncPushResult } from "../../src/core/sync";
import { api, type TestServer, type TestUser } from "./fixtures";

export type SeedKind = { name: string; kind: HabitKind; rules: HabitRule[]; step?: number };

/** Creates the habits in one push and returns their ids by name. */
export async function seedKinds(
  server: TestServer,
  user: TestUser,
  habits: readonly SeedKind[],
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const ops: SyncOp[] = habits.map(({ name, kind, rules, step }) => {
    const habitId = randomUUID();
    ids[name] = habitId;
    return { opId: randomUUID(), type: "createHabit", habitId, name, kind, rules, ...(step && { step }) };
  });
  const res = await api(server, user, "/api/sync/push", { method: "POST", body: JSON.stringify({ ops }) });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  const { results } = (await res.json()) as SyncPushResult;
  const refused = results.filter((result) => result.status !== "applied");
  if (refused.length > 0) throw new Error(`seeding refused: ${JSON.stringify(refused)}`);
  return ids;
}
