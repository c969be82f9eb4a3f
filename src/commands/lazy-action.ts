/**
 * An action whose code is imported only when its command runs: start-up loads the command
 * definitions (flags, help) and nothing else, so `--version` or `--help` stay cheap. Whatever the
 * action throws reaches main(), which alone turns it into an exit code and a line on stderr.
 */
export function lazyAction<K extends string>(
  load: () => Promise<{ actions: Record<K, (...args: never[]) => Promise<void> | void> }>,
  name: K,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const action = (await load()).actions[name] as unknown as (...args: unknown[]) => unknown;
    await action(...args);
  };
}
