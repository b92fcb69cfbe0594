/** What this remote federates: one module per route page the shell mounts. */
export const exposes = {
  './PlanChoice': './src/routes/PlanChoice/index.tsx',
  './Subscription': './src/routes/Subscription/index.tsx',
  './SubscriptionSettings': './src/routes/SubscriptionSettings/index.tsx',
  './AddOns': './src/routes/AddOns/index.tsx',
  './Transactions': './src/routes/Transactions/index.tsx',
  './TherapistAdmin': './src/routes/TherapistAdmin/index.tsx',
  './Settings': './src/routes/Settings/index.tsx',
  './VideoGuides': './src/routes/VideoGuides/index.tsx',
  './Profile': './src/routes/Profile/index.tsx',
  './PaymentReturn': './src/routes/PaymentReturn/index.tsx',
} as const;
