// A vitest reporter that writes every failure of the run (a test's, a hook's, a file's, an unhandled error) to one
// short file, one line each: scripts/test-all.mjs prints it just before its summary, so that a failure shows in the
// last lines of a long CI log, where the default reporter's account of it may be far above.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Reporter, SerializedError, TestModule } from "vitest/node";

const firstLines = (error: SerializedError | undefined): string =>
  (error?.message ?? String(error)).split("\n").slice(0, 3).join(" ").slice(0, 400);

export default class FailureReporter implements Reporter {
  private readonly file = process.env.VITEST_FAILURES_FILE ?? "test-results/vitest-failures.txt";

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    const lines: string[] = [];
    for (const module of modules) {
      const name = relative(process.cwd(), module.moduleId);
      for (const error of module.errors()) lines.push(`${name}: ${firstLines(error)}`);
      for (const suite of module.children.allSuites())
        for (const error of suite.errors()) lines.push(`${name} > ${suite.fullName}: ${firstLines(error)}`);
      for (const test of module.children.allTests("failed"))
        lines.push(`${name} > ${test.fullName}: ${firstLines(test.result().errors?.[0])}`);
    }
    for (const error of unhandled) lines.push(`unhandled: ${firstLines(error)}`);
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, lines.map((line) => `${line}\n`).join(""));
  }
}
