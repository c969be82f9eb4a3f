// Loaded with `node --import` into a run of the bin by runMeasured (measured-cli.ts): as the
// process exits, however it exits (process.exit included), it writes its peak resident set size
// in KiB to file descriptor 3, a pipe the test reads. The peak is the kernel's own high-water mark
// of this address space (VmHWM in /proc/self/status): nothing is sampled, no peak is missed.
// Not getrusage's maxRSS: Linux carries that across fork and execve, so a child spawned by a
// test worker that had grown to 570 MB reported 570 MB however little it used itself.
import { readFileSync, writeSync } from 'node:fs';

function peakKib() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // No /proc (not Linux): getrusage's figure, an upper bound.
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => {
  try {
    writeSync(3, `${peakKib()}\n`);
  } catch {
    // No pipe on fd 3: the bin was not started by runMeasured.
  }
});
