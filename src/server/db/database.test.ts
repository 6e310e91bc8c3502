import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { openDatabase } from "./database";

const postgres = testDialects().filter((d) => d.dialect === "postgres");

describe.each(postgres)("the $dialect pool", (dialect) => {
  it("survives PostgreSQL ending an idle connection and answers the next query", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const database = await dialect.create();
    const handle = openDatabase(database.url);
    const other = openDatabase(database.url);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other.db);
      await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("idle connection")));
      const again = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(again.rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
      await other.close();
      await database.drop();
      warn.mockRestore();
    }
  });
});
