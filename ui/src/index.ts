export { ComingLater } from './ComingLater.js';
export { ConfirmDialog } from './ConfirmDialog.js';
export { useNotifications } from './notifications.js';
export { PageHeader } from './PageHeader.js';
export { LoadError } from './LoadError.js';
export { Pager, PAGE_SIZES, type PageSize } from './Pager.js';
export { usePagedList, SEARCH_DEBOUNCE_MS, type PageQuery, type TherapistOption, type OwnerTherapists } from './usePagedList.js';
export { retryable, type RetryableLook } from './retryable.js';
export { ListToolbar, type ListToolbarProps } from './ListToolbar.js';
export { SkeletonRows } from './SkeletonRows.js';
export { useQuery, invalidateQueries, queryStore, type Query } from './data/useQuery.js';
export { useMutation, type Mutation, type MutationOptions } from './data/useMutation.js';
export { QueryView } from './data/QueryView.js';
export type { QueryKey, QuerySnapshot } from './data/store.js';
export { useDebounced } from './useDebounced.js';
export { copyText } from './copyText.js';
// The rich-text editor itself is loaded lazily by each page: import('@klinik/ui/RichTextEditor').
export type { RichTextEditorProps } from './RichTextEditor.js';
export { partOnDemand, type PreloadableComponent } from './partOnDemand.js';
