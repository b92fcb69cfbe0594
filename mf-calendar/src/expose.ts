/** What this remote federates: one module per route page the shell mounts. */
export const exposes = {
  './Calendar': './src/routes/Calendar/index.tsx',
  './Courses': './src/routes/Courses/index.tsx',
  './OnlineBookingSetup': './src/routes/OnlineBookingSetup/index.tsx',
  './Treatments': './src/routes/Treatments/index.tsx',
  './Waitlist': './src/routes/Waitlist/index.tsx',
} as const;
