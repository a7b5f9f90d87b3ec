import type { RemoteSource } from '@peis/shared';
import { pick, RemotePicker, type RemotePickerProps } from './remote-picker';

/** SPEC §7/§9: GET /user?page=1&pageSize=500 → records with id, name, data.phone. */
export const USER_SOURCE: RemoteSource = { endpoint: '/user', pageSize: 500, labelKey: 'name', valueKey: 'id' };

/** name（phone）, or the name alone when there is no phone. */
export function userLabel(record: unknown): string {
  const name = String(pick(record, 'name') ?? '');
  const phone = pick(record, 'data.phone');
  return phone ? `${name}（${String(phone)}）` : name;
}

export type UserPickerProps = Omit<RemotePickerProps, 'remote' | 'labelOf'>;

/** SPEC §2 user picker. */
export function UserPicker({ placeholder = '请选择用户', ...rest }: UserPickerProps) {
  return <RemotePicker remote={USER_SOURCE} labelOf={userLabel} placeholder={placeholder} {...rest} />;
}
