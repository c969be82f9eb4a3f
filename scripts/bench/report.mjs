// The report on stdout: a caption, the table (aligned text, or markdown for
// docs/performance.md), how busy the cores were during the server figures, the failures, and
// with --json the results as JSON as well.
import { availableParallelism } from 'node:os';
import { CONNECTIONS, WARMUP_SECONDS } from './context.mjs';
import { FIGURES, ROWS } from './figures/index.mjs';

const thousands = (n) => Math.round(n).toLocaleString('en-US');
const msText = (v) => `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`;
function cell(m, which) {
  if (m.cells) return m.cells[which];
  if (m.unit === 'ms') return msText(m[which]);
  if (m.unit === 'MiB') return `${m[which].toFixed(0)} MiB`;
  return `${thousands(m[which])}/s (p99 ${m.load[which].p99.toFixed(1)} ms)`;
}
const ratioOf = (m) => m.ours / m.floor;
const ratioText = (r) => (r < 10 ? `${r.toFixed(2)}x` : `${r.toFixed(1)}x`);

/** The table's rows of cells: the figure, each line's ours, floor and ratio, and the goal. */
function tableOf(lines, results) {
  const shown = ROWS.filter((row) => lines.some((line) => results[line.name]?.[row.id]));
  const header = [
    'figure',
    ...lines.flatMap((line) => [`${line.label}: domainctl`, 'floor', 'ratio']),
    'goal',
  ];
  const table = shown.map((row) => {
    const cells = [row.label];
    const verdicts = [];
    for (const line of lines) {
      const m = results[line.name]?.[row.id];
      if (!m) cells.push('not run', '', '');
      else if (m.skipped) cells.push(m.skipped, '', '');
      else if (m.failed) cells.push('FAILED', '', '');
      else {
        const ratio = ratioOf(m);
        cells.push(cell(m, 'ours'), cell(m, 'floor'), m.unit === 'count' ? '' : ratioText(ratio));
        if (row.goal.met) verdicts.push([line.name, row.goal.met(ratio, m) ? 'met' : 'missed']);
      }
    }
    let goalText = row.goal.text;
    if (verdicts.length > 0) {
      const same = verdicts.every(([, v]) => v === verdicts[0][1]);
      goalText += same
        ? `, ${verdicts[0][1]}`
        : `: ${verdicts.map(([name, v]) => `${v} on ${name}`).join(', ')}`;
    }
    cells.push(goalText);
    return cells;
  });
  return [header, table];
}

function printTable(header, table, markdown) {
  if (markdown) {
    const mdRow = (cells) => `| ${cells.join(' | ')} |`;
    console.log(mdRow(header));
    console.log(mdRow(header.map(() => '---')));
    for (const cells of table) console.log(mdRow(cells));
    return;
  }
  const all = [header, ...table];
  const widths = header.map((_, i) => Math.max(...all.map((cells) => cells[i].length)));
  for (const cells of all) {
    console.log(
      cells
        .map((text, i) => text.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  }
}

/**
 * Whether the generator kept the floor busy: how much of a core the static server and
 * autocannon each used while the floor was measured, and how busy the machine's cores were
 * altogether (those two, the kernel's loopback work and any other process on the machine).
 */
function printLoads(lines, results, cores) {
  const floorLoads = lines.flatMap((line) =>
    Object.entries(results[line.name] ?? {})
      // Only figures against the static floor (scale-out's compare stores with each other).
      .filter(([id, m]) => m.unit === 'rps' && ROWS.find((r) => r.id === id)?.againstFloor)
      .map(([, m]) => ({ line, ...m.load.floor })),
  );
  if (floorLoads.length === 0) return;
  console.log('');
  const range = (xs) => {
    const pct = xs.filter((x) => x !== undefined).map((x) => Math.round(x * 100));
    if (pct.length === 0) return 'unknown';
    const [low, high] = [Math.min(...pct), Math.max(...pct)];
    return low === high ? `${low}%` : `${low}-${high}%`;
  };
  for (const line of lines) {
    const runs = floorLoads.filter((f) => f.line === line);
    if (runs.length === 0) continue;
    console.log(
      `${line.label}, static floor runs, share of one core: static server ${range(runs.map((f) => f.serverCpu))}, ` +
        `autocannon ${range(runs.map((f) => f.generatorCpu))}, all ${cores} cores together ${range(runs.map((f) => f.machineCpu))}`,
    );
    // And the headline's own side: a serve at a full core is the limit of its figure.
    const page = results[line.name]?.server?.load?.ours;
    if (page) {
      console.log(
        `${line.label}, page of 20 in memory, share of one core: serve ${range([page.serverCpu])}, ` +
          `autocannon ${range([page.generatorCpu])}, all ${cores} cores together ${range([page.machineCpu])}`,
      );
    }
  }
}

/**
 * The start-up budget (the rows whose goal is a budget), one line a figure and Node line: its
 * ratio, ours and the floor, the goal and whether it is met. Returns the lines of budgets missed.
 */
function printBudget(lines, results) {
  const rows = ROWS.filter((row) => row.goal.budget);
  const missed = [];
  const printed = [];
  for (const line of lines) {
    for (const row of rows) {
      const m = results[line.name]?.[row.id];
      if (!m || m.skipped || m.failed) continue;
      const ratio = ratioOf(m);
      const met = row.goal.met(ratio, m);
      const text = `${line.label}: ${ratioText(ratio)} (${cell(m, 'ours')} vs floor ${cell(m, 'floor')}), goal ${row.goal.text.replace(' (budget)', '')}: ${met ? 'met' : 'MISSED'}  ${row.label}`;
      printed.push(text);
      if (!met) missed.push(text);
    }
  }
  if (printed.length === 0) return missed;
  console.log("\nstart-up budget against the stack's own floors (the run fails if one is missed):");
  for (const text of printed) console.log(`  ${text}`);
  return missed;
}

/** Prints the report; returns how many figures failed or missed their budget. */
export function report({ lines, results, loadAtStart, loadAtEnd, options }) {
  const cores = availableParallelism();
  const loadText = (l) => l.map((x) => x.toFixed(2)).join(' ');
  const caption =
    `${lines.map((l) => l.label).join(' and ')} on ${cores} cores; ` +
    `load average ${loadText(loadAtStart)} at the start, ${loadText(loadAtEnd)} at the end; ` +
    `start-up figures: median of ${options.runs} interleaved runs; server figures: autocannon, ` +
    `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${options.seconds} s, requests/s (p99 latency)`;

  console.log('');
  console.log(`${caption}\n`);
  const [header, table] = tableOf(lines, results);
  printTable(header, table, options.markdown);
  printLoads(lines, results, cores);
  // A figure's own lines for below the table (scale-out: the cores' shares while it ran).
  for (const line of lines) {
    for (const figure of FIGURES) {
      for (const text of figure.notes?.(line.label, results[line.name]) ?? []) {
        console.log(`\n${text}`);
      }
    }
  }

  const failures = lines.flatMap((line) =>
    ROWS.filter((row) => results[line.name]?.[row.id]?.failed).map(
      (row) => `${line.label}, ${row.label}: FAILED: ${results[line.name][row.id].failed}`,
    ),
  );
  for (const failure of failures) console.log(`\n${failure}`);
  const missed = printBudget(lines, results);
  if (options.json) {
    const json = {
      lines: lines.map(({ name, version }) => ({ name, version })),
      cores,
      loadAtStart,
      loadAtEnd,
      runs: options.runs,
      seconds: options.seconds,
      connections: CONNECTIONS,
      results: Object.fromEntries(
        lines.map((line) => [
          line.name,
          Object.fromEntries(
            Object.entries(results[line.name] ?? {}).map(([id, m]) => [
              id,
              m.unit ? { ...m, ratio: ratioOf(m) } : m,
            ]),
          ),
        ]),
      ),
    };
    console.log(JSON.stringify(json, null, 2));
  }
  return failures.length + missed.length;
}
