export { PersonalInfoViewer, type PersonalInfoViewerProps, PhrStatusTag } from './personal-info-viewer';
export { fetchPhrDetail, phrKeys, postPhrForm } from './phr-api';
export { PhrEditDialog, type PhrEditDialogProps } from './phr-edit-dialog';
export * from './phr-labels';
export type * from './phr-types';
export { TagPopover, type TagPopoverProps, tagCount } from './tag-popover';
