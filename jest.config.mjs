/**
 * Jest runs in native ESM mode (node --experimental-vm-modules): the packages are ES modules, and ESM-only
 * dependencies (ky, get-port) then load without transform exceptions. TypeScript goes through @swc/jest.
 */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@klinik/core$': '<rootDir>/../core/src/index.ts',
    '^@klinik/core/messages$': '<rootDir>/../core/src/messages-scheduling.ts',
    '^@klinik/core/records$': '<rootDir>/../core/src/client-records.ts',
    '^@klinik/core/invoice-pdf$': '<rootDir>/../core/src/invoice-pdf.ts',
    '^@klinik/core/(.*)$': '<rootDir>/../core/src/$1.ts',
    // The development kit and the API modules it builds on, as source: one copy of each module (the sandboxes throw
    // the API's own error classes), as at run time, where both resolve to api/dist.
    '^@klinik/devkit$': '<rootDir>/../devkit/src/index.ts',
    '^@klinik/devkit/(.*)$': '<rootDir>/../devkit/src/$1/index.ts',
    '^@klinik/api/(.*)\\.js$': '<rootDir>/../api/src/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
};

export default {
  testTimeout: 60_000,
  projects: [
    {
      ...shared,
      displayName: 'core',
      rootDir: 'core',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    // The frontend modules' pure code (form rules, date handling); their pages are tested in Chromium (e2e/).
    ...['ui', 'mf-booking', 'mf-calendar', 'mf-clients', 'mf-commerce', 'mf-admin'].map((module) => ({ ...shared, displayName: module, rootDir: module, testMatch: ['<rootDir>/src/**/*.test.ts'] })),
    // Their components (*.test.tsx): rendered with Testing Library in jsdom, found by role and visible text as a user finds them.
    ...['ui', 'shell', 'mf-booking', 'mf-calendar', 'mf-clients', 'mf-commerce', 'mf-admin', 'mf-invoices'].map((module) => ({
      ...shared,
      displayName: `${module}-dom`,
      rootDir: module,
      testMatch: ['<rootDir>/src/**/*.test.tsx'],
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/../scripts/jest-dom-setup.mjs'],
    })),
    // The development servers' own code (scripts/): plain ES modules, run as they are.
    { displayName: 'scripts', rootDir: 'scripts', testMatch: ['<rootDir>/**/*.test.mjs'], testEnvironment: 'node' },
    {
      ...shared,
      displayName: 'api',
      rootDir: 'api',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
  ],
};
