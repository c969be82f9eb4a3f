// Types of dist-staleness.mjs, for the test that imports it.

export function staleness(root?: string): string | undefined;
