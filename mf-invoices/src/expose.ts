/** What this remote federates: one module per route page the shell mounts. */
export const exposes = {
  './Invoices': './src/routes/Invoices/index.tsx',
} as const;
