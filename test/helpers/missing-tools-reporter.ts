import type { Reporter, TestModule } from 'vitest/node';
import { installHint, missingTools, type Tool, TOOLS_REQUIRED } from './tools.js';

/**
 * A vitest reporter that ends the run with one list of the tests it skipped because a tool they
 * drive is not installed (their tags, test/helpers/tools.ts): each tool, how to install it, and
 * how many tests in which files it would have run. Says nothing when none was skipped; with
 * DOMAINCTL_TEST_TOOLS=required nothing is skipped for that, and those tests fail instead.
 */
export default class MissingToolsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (TOOLS_REQUIRED) return;
    const byTool = new Map<Tool, { tests: number; files: Set<string> }>();
    let total = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const missing = missingTools(test.tags);
        if (test.result().state !== 'skipped' || missing.length === 0) continue;
        total += 1;
        for (const tool of missing) {
          const entry = byTool.get(tool) ?? { tests: 0, files: new Set<string>() };
          entry.tests += 1;
          entry.files.add(module.relativeModuleId);
          byTool.set(tool, entry);
        }
      }
    }
    if (total === 0) return;
    const plural = (n: number) => `${n} test${n === 1 ? '' : 's'}`;
    process.stdout.write(
      [
        '',
        `Skipped ${plural(total)}: a tool they drive is not installed (the tools: docs/development.md; CI fails on this instead, DOMAINCTL_TEST_TOOLS=required).`,
        ...[...byTool]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(
            ([tool, { tests, files }]) =>
              `  ${tool} (${installHint(tool)}): ${plural(tests)} in ${[...files].sort().join(', ')}`,
          ),
        '',
      ].join('\n'),
    );
  }
}
