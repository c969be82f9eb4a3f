// jq-web ships no types. Its CommonJS export is a promise of jq compiled to WebAssembly, with the
// two calls it offers; `raw` is the one domainctl uses (src/core/jq-engine.ts).
declare module 'jq-web' {
  interface Jq {
    /**
     * Runs `jq <flags> <filter>` over the JSON text; returns its stdout without the last newline,
     * or undefined when it printed nothing. When jq exits non-zero it throws an Error with
     * `exitCode` (3: compile error, 5: error at run time) and `stderr`.
     */
    raw(json: string, filter: string, flags?: string[]): string | undefined;
  }
  const jq: Promise<Jq>;
  export default jq;
}
