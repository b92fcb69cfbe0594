export { ComingLater } from './ComingLater.js';
export { ConfirmDialog } from './ConfirmDialog.js';
export { useNotifications } from './notifications.js';
export { PageHeader } from './PageHeader.js';
export { LoadError } from './LoadError.js';
export { Pager, PAGE_SIZES, type PageSize } from './Pager.js';
export { usePagedList, SEARCH_DEBOUNCE_MS, type PageQuery, type TherapistOption } from './usePagedList.js';
export { retryable, type RetryableLook } from './retryable.js';
export { ListToolbar, type ListToolbarProps } from './ListToolbar.js';
