// npm run backup while 20 writers write to a real server, then npm run restore with the server stopped.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { TEST_SECRET, useTestServer, type TestUser } from "../../../test/support/api-server";
import type { SyncPull } from "../../core/sync";
import { openDatabase } from "./database";

const dir = mkdtempSync(join(tmpdir(), "hs-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs scripts/NAME.ts as an operator would, without blocking this process (the server under test lives here). */
function script(name: "backup" | "restore", file: string, databaseUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, file], {
    env: { PATH: process.env.PATH, DATA_DIR: dir, DATABASE_URL: databaseUrl, AUTH_SECRET: TEST_SECRET },
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

describe.each(testDialects().filter((d) => d.dialect === "sqlite"))(
  "backup and restore on $dialect",
  (dialect) => {
    const server = useTestServer(dialect);

    it("snapshots while 20 writers write, and restores every write acknowledged before the backup began", async () => {
      const [file] = (await sql<{ file: string }>`pragma database_list`.execute(server.running.database.db))
        .rows;
      const url = `sqlite:${file!.file}`;
      const users: TestUser[] = [];
      for (let i = 0; i < 4; i++) users.push(await server.signUp());
      const dana = await server.signUp();
      expect((await server.call(dana, "POST", "/api/habits", { json: { name: "Kept" } })).status).toBe(201);

      const acknowledged = new Set<string>();
      let stop = false;
      const writer = async (w: number) => {
        // Until the backup is over (bounded all the same); a refusal by the per-user write limit starts a new minute.
        for (let i = 0; i < 2000 && !stop; i++) {
          const res = await server.call<{ id: string }>(users[w % 4]!, "POST", "/api/habits", {
            json: { name: `Writer ${w} habit ${i}` },
          });
          if (res.status === 201) acknowledged.add(res.body.id);
          else if (res.status === 429) server.clock.advance(60_000);
        }
      };
      const writers = Array.from({ length: 20 }, (_, w) => writer(w));
      while (acknowledged.size < 40) await new Promise((r) => setTimeout(r, 10));

      const before = [...acknowledged];
      const snapshot = join(dir, "snapshot.db");
      const backup = await script("backup", snapshot, url);
      const duringBackup = acknowledged.size - before.length;
      stop = true;
      await Promise.all(writers);
      expect(backup, backup.output).toMatchObject({ code: 0 });
      expect(duringBackup).toBeGreaterThan(0); // the server kept writing while the snapshot was taken

      const busy = await script("restore", snapshot, url);
      expect(busy.code).toBe(1);
      expect(busy.output).toMatch(/in use: stop the server/);

      // Dana's device is in sync with the database about to be replaced: its cursor counts two habits the backup
      // lacks.
      for (const name of ["Lost 1", "Lost 2"])
        expect((await server.call(dana, "POST", "/api/habits", { json: { name } })).status).toBe(201);
      const device = await server.call<SyncPull>(dana, "GET", "/api/sync");
      expect(device.status).toBe(200);

      await server.running.stop();
      const restore = await script("restore", snapshot, url);
      expect(restore, restore.output).toMatchObject({ code: 0 });
      expect(restore.output).toMatch(/replaced database is kept as .*before-restore/);

      const restored = openDatabase(url);
      try {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(restored.db);
        expect(check.rows).toEqual([{ integrity_check: "ok" }]);
        const ids = new Set((await restored.db.selectFrom("habits").select("id").execute()).map((r) => r.id));
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        await restored.close();
      }

      // The server starts on the restored file, and its sessions still sign the users in.
      await server.restart();
      const list = await server.call<unknown[]>(users[0]!, "GET", "/api/habits");
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThan(0);

      // However many writes follow the restore, Dana's cursor belongs to the replaced database: her next pull
      // answers reset with the restored state, not the changes "since" a number that new writes reuse.
      for (let i = 0; i < 5; i++)
        expect(
          (await server.call(dana, "POST", "/api/habits", { json: { name: `After ${i}` } })).status,
        ).toBe(201);
      const next = await server.call<SyncPull>(dana, "GET", `/api/sync?cursor=${device.body.cursor}`);
      expect(next.status).toBe(200);
      expect(next.body.reset).toBe(true);
      expect(next.body.habits.map((h) => h.name).sort()).toEqual([
        "After 0",
        "After 1",
        "After 2",
        "After 3",
        "After 4",
        "Kept",
      ]);
      const current = await server.call<SyncPull>(dana, "GET", `/api/sync?cursor=${next.body.cursor}`);
      expect(current.body).not.toHaveProperty("reset");
    }, 60_000);

    it("refuses a file that is not a database, keeps the live one, and points PostgreSQL users to pg_dump", async () => {
      const [file] = (await sql<{ file: string }>`pragma database_list`.execute(server.running.database.db))
        .rows;
      const bogus = join(dir, "not-a-database.db");
      writeFileSync(bogus, "just text, not SQLite");
      await server.running.stop();
      const live = readFileSync(file!.file);
      const refused = await script("restore", bogus, `sqlite:${file!.file}`);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/cannot be restored/);
      expect(readFileSync(file!.file).equals(live)).toBe(true);
      await server.restart();
      expect((await server.call(null, "GET", "/api/health")).status).toBe(200);

      const postgres = "postgres://habits:secret@127.0.0.1:9/habits";
      for (const name of ["backup", "restore"] as const) {
        const res = await script(name, join(dir, "x.dump"), postgres);
        expect(res.code).toBe(1);
        expect(res.output).toMatch(name === "backup" ? /pg_dump/ : /pg_restore/);
      }
    }, 60_000);
  },
);
