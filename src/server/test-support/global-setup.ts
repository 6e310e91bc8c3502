// Moved to test/support/global-setup.ts (test code lives outside production folders); this re-export goes once every import uses the new path.
export { default } from "../../../test/support/global-setup";
