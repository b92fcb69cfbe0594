/** What this remote federates: one module per route page the shell mounts. */
export const exposes = {
  './Companies': './src/routes/Companies/index.tsx',
} as const;
