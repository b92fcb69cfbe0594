/** What this remote federates: one module per route page the shell mounts. */
export const exposes = {
  './OnlineBooking': './src/routes/OnlineBooking/index.tsx',
  './Unsubscribe': './src/routes/Unsubscribe/index.tsx',
  './Newsletter': './src/routes/Newsletter/index.tsx',
  './ClientForm': './src/routes/ClientForm/index.tsx',
  './MineTider': './src/routes/MineTider/index.tsx',
  './Venteliste': './src/routes/Venteliste/index.tsx',
} as const;
