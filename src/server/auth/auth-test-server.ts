// Moved to test/support/auth-server.ts (test code lives outside production folders); this re-export goes once every import uses the new path.
export * from "../../../test/support/auth-server";
