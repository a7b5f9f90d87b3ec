/**
 * The pieces every list screen shares: the paged list hook, the search card, failures shown the same way,
 * dates and cell text. Work screens, resource pages and admin tables all build on these.
 */

export { Digits, digitsCell } from './digits';
export { DueDate } from './due-date';
export { ExportButton } from './export-button';
export { type DialogSaveOptions, FormDialog, type FormDialogProps, useDialogSave } from './form-dialog';
export {
  afterToday,
  beforeToday,
  DATE,
  formatDuration,
  fromDate,
  orDash,
  randomId,
  sexAge,
  toDate,
  today,
  yearOptions,
} from './format';
export { LinkedRecordTag, useOpenLinkedRow } from './linked-record';
export { ListCard, NameSearch, PersonSearchItems, SwitchFilter } from './list-card';
export {
  Clip,
  ClipLines,
  DATE_WIDTH,
  DATETIME_WIDTH,
  type ListLayout,
  ListTable,
  type ListTableProps,
} from './list-table';
export { LogEntry, LogTimeline } from './log-timeline';
export { NoteField } from './note-field';
export { useOwnWorkDefault } from './own-work';
export {
  emptyText,
  fetchPaged,
  type ListSort,
  PAGE_SIZE,
  type Paged,
  type PagedListOptions,
  type PageSource,
  usePagedList,
} from './paged-list';
export { useActionPermitted, useRowActions } from './row-actions';
export { DeletedViewToggle, type PanelProps, type RecordsView, RowButton, RowDrawer, useRowDialog } from './row-dialog';
export { activeFilterCount, SearchCard, type SearchCardProps, SearchItem } from './search-card';
export { showFailure } from './show-failure';
export { FROM_LIST, type UrlCodec, type UrlFieldKind, useBackToList, useUrlFilters } from './url-state';
