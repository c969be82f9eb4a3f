import { afterAll, beforeEach } from 'vitest';
import { removeTempDirs } from './helpers/cli.js';
import { installHint, missingTools, TOOLS_REQUIRED } from './helpers/tools.js';

// Pin what changes output between machines: time zone, colour and terminal detection.
process.env.TZ = 'UTC';
process.env.NO_COLOR = '1';
delete process.env.FORCE_COLOR;
delete process.env.DOMAINCTL_TOKEN;
delete process.env.DOMAINCTL_BASE_URL;
delete process.env.DOMAINCTL_PROFILE;
delete process.env.DOMAINCTL_PROJECT;
delete process.env.DOMAINCTL_DNS_SERVER;

// The config folders the runs of a file made (runCli, tempConfigDir) go with the file.
afterAll(() => removeTempDirs());

// With DOMAINCTL_TEST_TOOLS=required (CI), a test tagged with a tool that is not installed runs
// and fails, naming the tool, rather than being skipped (test/helpers/tools.ts).
if (TOOLS_REQUIRED) {
  beforeEach(({ task }) => {
    const missing = missingTools(task.tags);
    if (missing.length > 0) {
      throw new Error(
        `DOMAINCTL_TEST_TOOLS=required, and this test drives ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed: ${missing.map(installHint).join('; ')}`,
      );
    }
  });
}
