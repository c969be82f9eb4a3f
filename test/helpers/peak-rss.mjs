// Loaded with `node --import` into a run of the bin by runMeasured (measured-cli.ts): as the
// process exits, however it exits (process.exit included), it writes its peak resident set size
// in KiB (getrusage's ru_maxrss, which the kernel keeps: nothing is sampled, no peak is missed) to
// file descriptor 3, a pipe the test reads.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    writeSync(3, `${process.resourceUsage().maxRSS}\n`);
  } catch {
    // No pipe on fd 3: the bin was not started by runMeasured.
  }
});
