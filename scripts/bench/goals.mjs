// The goal of a figure: a bound on its ratio to the floor, or only reported.
export const goal = {
  atMost: (x, stretch = false) => ({
    text: `<= ${x}x${stretch ? ' (stretch)' : ''}`,
    met: (ratio) => ratio <= x,
  }),
  atLeast: (x) => ({ text: `>= ${x}x`, met: (ratio) => ratio >= x }),
  reported: { text: 'reported', met: undefined },
};

/** Measurements, in the unit the table shows. */
export const ms = (ours, floor) => ({ unit: 'ms', ours, floor });
export const mib = (ours, floor) => ({ unit: 'MiB', ours, floor });
