/** The page's tabs, in order (apart from AdminTabs, which loads after the page, so the placeholder can name them). */
export const TAB_VALUES = ['companies', 'subscribers', 'audit'] as const;
export type TabValue = (typeof TAB_VALUES)[number];
