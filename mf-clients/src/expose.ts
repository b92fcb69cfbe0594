/** What this remote federates: one module per route page the shell mounts. */
export const exposes = {
  './ClientData': './src/routes/ClientData/index.tsx',
  './NewClientForm': './src/routes/NewClientForm/index.tsx',
  './Contact': './src/routes/Contact/index.tsx',
  './ImportData': './src/routes/ImportData/index.tsx',
  './ImportCompleted': './src/routes/ImportCompleted/index.tsx',
  './SupportImportData': './src/routes/SupportImportData/index.tsx',
  './DriveReturn': './src/routes/DriveReturn/index.tsx',
} as const;
