import type { RemoteSource } from '@peis/shared';
import { RemotePicker, type RemotePickerProps } from './remote-picker';

/** SPEC §7 dictionary endpoints; each answers { data: { records: [{ name, value }] } }. */
export const DICT_SOURCES = {
  education: { endpoint: '/dict/education', pageSize: 200, labelKey: 'name', valueKey: 'value' },
  title: { endpoint: '/expert/dict/title', pageSize: 200, labelKey: 'name', valueKey: 'value' },
  major: { endpoint: '/expert/dict/major', pageSize: 200, labelKey: 'name', valueKey: 'value' },
  department: { endpoint: '/expert/dict/department', pageSize: 200, labelKey: 'name', valueKey: 'value' },
} as const satisfies Record<string, RemoteSource>;

export type DictKind = keyof typeof DICT_SOURCES;

export interface DictPickerProps extends Omit<RemotePickerProps, 'remote' | 'labelOf'> {
  dict: DictKind;
}

const PLACEHOLDERS: Record<DictKind, string> = {
  education: '请选择学历',
  title: '请选择职称',
  major: '请选择专业',
  department: '请选择科室',
};

/** SPEC §2 education / title / major / department picker (page size 200, no limit when multiple). */
export function DictPicker({ dict, placeholder, ...rest }: DictPickerProps) {
  return <RemotePicker remote={DICT_SOURCES[dict]} placeholder={placeholder ?? PLACEHOLDERS[dict]} {...rest} />;
}
