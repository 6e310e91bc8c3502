// Moved to test/support/api-server.ts (test code lives outside production folders); this re-export goes once every import uses the new path.
export * from "../../../test/support/api-server";
