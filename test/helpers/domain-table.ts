/**
 * Reading the domains table off a screen as a person does: the UI tests' frames and the
 * end-to-end tests' terminal captures show the same table.
 */

/** The host names in the table of a frame, top to bottom. */
export function hostsIn(frame: string): string[] {
  const lines = frame.split('\n');
  const header = lines.findIndex((line) => line.includes('HOST NAME'));
  const hosts: string[] = [];
  for (const line of lines.slice(header + 1)) {
    const match = /^[› ] (\S+\.\S+)\s/.exec(line);
    if (!match?.[1]) break;
    hosts.push(match[1]);
  }
  return hosts;
}

/** The table's row of a host (the selection mark and its space left off), or '' if none shows. */
export const rowOf = (frame: string, host: string): string =>
  frame.split('\n').find((line) => line.slice(2).startsWith(`${host} `)) ?? '';
