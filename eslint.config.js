// The one ESLint configuration of the repository (`npm run lint`, run by `npm test` and so by CI).
// Today it holds one concern: no regular expression that can backtrack super-linearly, anywhere in
// the tree (issue 29, finding 1: `[\r\n]*={0,2}\s*$` over a body of newlines froze the platform for
// seconds). eslint-plugin-regexp proves it from each pattern's automaton (scslre), so the class is
// refused, not the one payload. Tests, benchmarks and evaluation scripts are linted too: a pattern
// copied from a test into the server must already be safe. Issue 36 adds its TypeScript rules to
// this same file (the typescript-eslint plugin is registered so that the code's existing
// `eslint-disable` comments for its rules resolve).
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default [
  {
    ignores: ['**/node_modules/**', 'data/**', 'coverage/**', 'desktop/dist/**', 'desktop/build/**', '**/*.d.ts'],
  },
  {
    files: ['**/*.ts', '**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    plugins: { regexp, '@typescript-eslint': tseslint.plugin },
    rules: {
      // Exponential or polynomial backtracking when a match fails (nested or overlapping quantifiers).
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      // An unanchored search that moves super-linearly (a run tried again from each position, as
      // `/\s+$/` does over many spaces followed by a letter).
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: true, ignorePartial: true }],
    },
  },
];
