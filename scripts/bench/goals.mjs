// The goal of a figure: a bound on its ratio to the floor, or only reported. A budget is a goal
// the run fails on (exit code 1) when it is missed: the start-up budget against the stack's own
// floors (docs/performance.md#the-start-up-budget).
export const goal = {
  atMost: (x, stretch = false) => ({
    text: `<= ${x}x${stretch ? ' (stretch)' : ''}`,
    met: (ratio) => ratio <= x,
  }),
  budget: (x) => ({ text: `<= ${x}x (budget)`, met: (ratio) => ratio <= x, budget: true }),
  atLeast: (x) => ({ text: `>= ${x}x`, met: (ratio) => ratio >= x }),
  /** A bound on the figure itself (MiB measured, the bound in MB, 10^6 bytes), not the ratio. */
  belowMb: (mb) => ({ text: `< ${mb} MB`, met: (_ratio, m) => m.ours * 1.048576 < mb }),
  reported: { text: 'reported', met: undefined },
};

/** Measurements, in the unit the table shows. */
export const ms = (ours, floor) => ({ unit: 'ms', ours, floor });
export const mib = (ours, floor) => ({ unit: 'MiB', ours, floor });
