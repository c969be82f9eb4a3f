// Types of install-advice.mjs, for the test that imports it.

export function installScriptAdvisories(output: string): string[];
