// The one ESLint configuration of the repository (`npm run lint`, run by `npm test` and so by CI).
// Four concerns, each a block below:
// - no regular expression that can backtrack super-linearly, anywhere in the tree (issue 29,
//   finding 1: `[\r\n]*={0,2}\s*$` over a body of newlines froze the platform for seconds).
//   eslint-plugin-regexp proves it from each pattern's automaton (scslre), so the class is refused,
//   not the one payload. Tests, benchmarks and evaluation scripts are linted too: a pattern copied
//   from a test into the server must already be safe;
// - typescript-eslint's recommended rules (issue 36), without type information: the type-aware
//   set re-runs the type checker per file and `npm test` already runs `tsc`;
// - no import cycle (issue 36), type-only imports included: a cycle of types is still two modules
//   that cannot be understood one without the other, and it becomes a value cycle at the first
//   shared constant;
// - no production function over 120 lines (issue 36).
// Formatting is Prettier's (`npm run format:check`), not a lint rule.
import importX from 'eslint-plugin-import-x';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

const code = ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs'];

export default [
  {
    ignores: ['**/node_modules/**', 'data/**', 'coverage/**', 'desktop/dist/**', 'desktop/build/**', '**/*.d.ts'],
  },
  {
    files: code,
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { regexp, '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    rules: {
      // Exponential or polynomial backtracking when a match fails (nested or overlapping quantifiers).
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      // An unanchored search that moves super-linearly (a run tried again from each position, as
      // `/\s+$/` does over many spaces followed by a letter).
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: true, ignorePartial: true }],
    },
  },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: code })),
  {
    files: code,
    settings: { 'import-x/extensions': ['.ts', '.js', '.mjs', '.cjs'] },
    rules: {
      // Type-only imports count: `import type` cycles are still cycles between two files.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Unused names are dead code, except a leading underscore that says "deliberately unused"
      // (a callback's position, a destructured field left out of a rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `a && b()` and `c ? d() : e()` as statements read as what they are; a comma sequence as a
      // statement does not, and is refused.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // No production function over 120 lines (issue 36): a longer one does more than one thing, and
    // its parts are named by splitting it. Blank lines and comments do not count, so explaining why
    // costs nothing. Tests, benchmarks, evaluations and generated code are not production code.
    files: code,
    ignores: [
      'test/**',
      'bench/**',
      'eval/**',
      'fuzz/**',
      'desktop/test/**',
      'desktop/bench/**',
      'desktop/eval/**',
      'tool-schema/test/**',
      'scripts/**',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests, benchmarks, evaluations and the fuzzer read JSON answers and poke at internals: the
    // assertion after the read checks the shape, so `any` there hides no bug that a type would find.
    // Production code keeps the rule; its few deliberate `any`s say why where they stand.
    files: ['test/**', 'bench/**', 'eval/**', 'fuzz/**', 'desktop/test/**', 'desktop/bench/**', 'tool-schema/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];
