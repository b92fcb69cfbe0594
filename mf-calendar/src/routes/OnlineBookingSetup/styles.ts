import { tokens } from '@fluentui/react-components';

/** A white panel, as Fluent's Card looks, without its focus-management code (the page's 60 KB budget). */
export const panel = {
  display: 'flex',
  flexDirection: 'column',
  gap: '12px',
  padding: '16px',
  backgroundColor: tokens.colorNeutralBackground1,
  borderRadius: tokens.borderRadiusLarge,
  boxShadow: tokens.shadow4,
} as const;
