export { actionsColumn, DataTable, RowActions, type Column } from './data-table';
export { FilterBar, SearchField, SelectFilter, type FilterOption } from './filters';
export { Pager } from './pager';
export { useDebouncedValue } from '@/lib/use-debounced-value';
export { usePaging } from './use-paging';
