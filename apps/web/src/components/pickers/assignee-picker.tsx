import type { RemoteSource } from '@peis/shared';
import { RemotePicker } from './remote-picker';
import { type UserPickerProps, userLabel } from './user-picker';

/** Health staff and experts who can be given work; readable by every role that assigns it. */
export const ASSIGNEE_SOURCE: RemoteSource = {
  endpoint: '/user/assignees',
  pageSize: 500,
  labelKey: 'name',
  valueKey: 'id',
};

/** The picker of a task's or a plan's handler (处理人/负责人). The SPEC §2 user picker stays administrative. */
export function AssigneePicker({ placeholder = '请选择处理人', ...rest }: UserPickerProps) {
  return <RemotePicker remote={ASSIGNEE_SOURCE} labelOf={userLabel} placeholder={placeholder} {...rest} />;
}
