// Moved to test/support/free-port.ts (test code lives outside production folders); this re-export goes once every import uses the new path.
export * from "../../../test/support/free-port";
