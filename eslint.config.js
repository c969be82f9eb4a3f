// Lint rules, configured once. Pure JavaScript tooling on purpose: Biome's platform binaries are
// not all in the registry CI installs from, and `npm ci` then refuses the lockfile.
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers.js';

// The layers of src/, each a folder, and the layers each may import: core and the contract at the
// bottom, the adapters (how we reach HTTP, files, DNS; the reference server) on them, the two
// faces (commands, ui) on those, and the entry (cli.ts, main.ts, program.ts) on top. The faces
// never import each other. See docs/architecture.md.
const BOTTOM = ['core', 'contract'];
const ADAPTERS = ['client', 'config', 'dns', 'server'];
const LAYERS = {
  contract: [],
  core: ['contract'],
  client: BOTTOM,
  dns: BOTTOM,
  // The DNS server setting and the server's verifier use the DNS code.
  config: [...BOTTOM, 'dns'],
  server: [...BOTTOM, 'dns'],
  commands: [...BOTTOM, ...ADAPTERS],
  ui: [...BOTTOM, ...ADAPTERS],
  entry: [...BOTTOM, ...ADAPTERS, 'commands', 'ui'],
};

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', '.bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    // The bin's shim is CommonJS (bin/package.json): it starts faster than an ES module.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { domainctl: { rules: { layers } } },
    rules: {
      'domainctl/layers': ['error', { root: 'src', layers: LAYERS, files: { version: 'core' } }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Ink's and React's private parts change in any release (useStdin's event emitter, the
          // scheduler's unstable API): keys reach the UI through src/ui/input/ instead.
          selector: 'Identifier[name=/^(internal_|unstable_)/]',
          message:
            'A private API of Ink or React: the UI uses their public API only (src/ui/input/ says how keys arrive).',
        },
        {
          selector: "ImportDeclaration[source.value='scheduler']",
          message:
            "React's scheduler is React's own, with an unstable API: the UI uses React's public API only.",
        },
      ],
    },
  },
  {
    // A run of main() reads and writes the io it was given (core/io.ts: currentIo()), so that a
    // test can run a command in its own process; the process's own streams and environment are
    // for the entry (cli.ts), io.ts itself, and the UI, which Ink draws on the real terminal.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/cli.ts', 'src/core/io.ts', 'src/ui/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['stdin', 'stdout', 'stderr', 'env'].map((property) => ({
          object: 'process',
          property,
          message: `A run reads the io main() was given: currentIo().${property} (core/io.ts), not the process's own.`,
        })),
      ],
    },
  },
  {
    // Tests a reviewer trusts: every test asserts, unconditionally, against the real thing.
    files: ['test/**/*.{ts,tsx}'],
    plugins: { vitest },
    // `it` and `test` from the fixtures (test/helpers/fixtures.ts) are vitest's, extended.
    settings: { vitest: { vitestImports: [/\/helpers\/fixtures\.js$/] } },
    rules: {
      'vitest/expect-expect': [
        'error',
        // Our assertion helpers (test/helpers): they call expect themselves, or throw when the
        // frame, line or state they wait for never comes.
        {
          assertFunctionNames: [
            'expect',
            'expect*',
            'assert*',
            '*.expect*',
            'waitFor*',
            '*.waitFor*',
            '*.exited',
          ],
        },
      ],
      'vitest/no-conditional-expect': 'error',
      // A fixture that needs no other fixture still destructures its first argument (`({}, use)`):
      // vitest reads the pattern to know which fixtures it depends on.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      // A hook may check that its set-up worked (the seeded server answered): a failure there
      // names the set-up, not the test. Outside tests and hooks, no expect.
      'vitest/no-standalone-expect': [
        'error',
        { additionalTestBlockFunctions: ['beforeAll', 'beforeEach', 'afterEach', 'afterAll'] },
      ],
      // Titles built from a case (a driver, and why it is skipped here) are strings too.
      'vitest/valid-title': ['error', { allowArguments: true }],
      'vitest/no-focused-tests': 'error',
      'vitest/no-identical-title': 'error',
      // vi under a name the rule below would not know: `import * as V`, `import { vi as v }`.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='vitest'] > ImportNamespaceSpecifier, ImportDeclaration[source.value='vitest'] > ImportSpecifier[imported.name=/^(vi|vitest)$/]:not([local.name=/^(vi|vitest)$/])",
          message: 'Import vi from vitest by its own name, so the rules on mocks can see it.',
        },
      ],
      // `vitest` is the same object as `vi` under its other name: both are refused alike.
      'no-restricted-properties': [
        'error',
        ...['vi', 'vitest'].flatMap((object) =>
          [
            'mock',
            'doMock',
            'importMock',
            'unmock',
            'doUnmock',
            'fn',
            'spyOn',
            'useFakeTimers',
            'setSystemTime',
            'stubGlobal',
            // The environment a command sees is the one its run is given (runCli's env), not the
            // process's, which every file in a worker shares.
            'stubEnv',
            // What only a mock needs: code run before the mocks are hoisted, a mock's typing.
            'hoisted',
            'mocked',
          ].map((property) => ({
            object,
            property,
            message:
              'No mocks, spies or fake timers: tests run against the real server, the real bin and real time.',
          })),
        ),
      ],
    },
  },
  {
    // A file a reader can hold in one sitting.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs,mts}', 'bin/**/*.js'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
);
