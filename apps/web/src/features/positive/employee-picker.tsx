import type { RemoteSource } from '@peis/shared';
import { useSession } from '../../app/use-session';
import { pick, RemotePicker, type RemotePickerProps } from '../../components/pickers';

/** Employee accounts (company:account): GET /account → records with id, name, idCard (masked). */
const ACCOUNT_SOURCE: RemoteSource = { endpoint: '/account', pageSize: 500, labelKey: 'name', valueKey: 'id' };
/**
 * The health records list (main:phr), whose row id is the employee id too: health staff reach employees
 * through it, since /account belongs to the company area.
 */
const PHR_SOURCE: RemoteSource = { endpoint: '/phr', pageSize: 500, labelKey: 'name', valueKey: 'id' };

/** 姓名（单位 · 身份证号）. */
function employeeLabel(record: unknown): string {
  const name = String(pick(record, 'name') ?? '');
  const extra = [pick(record, 'unitName'), pick(record, 'idCard')].filter(Boolean).map(String);
  return extra.length ? `${name}（${extra.join(' · ')}）` : name;
}

export type EmployeePickerProps = Omit<RemotePickerProps, 'remote' | 'labelOf' | 'multiple'>;

/** One employee in the account's scope; value = employee id. Searches by name on the server past 500. */
export function EmployeePicker({ placeholder = '请输入姓名搜索员工', ...rest }: EmployeePickerProps) {
  const { menus } = useSession();
  const remote = menus?.includes('company:account') ? ACCOUNT_SOURCE : PHR_SOURCE;
  return <RemotePicker remote={remote} labelOf={employeeLabel} placeholder={placeholder} {...rest} />;
}
