import { Flex, Form, Select, type TableProps } from 'antd';
import { useMemo } from 'react';
import type { Query } from '../../app/http';
import {
  ClipLines,
  ListCard,
  type ListLayout,
  ListTable,
  orDash,
  PersonSearchItems,
  SearchCard,
  SearchItem,
  type UrlCodec,
  usePagedList,
  useUrlFilters,
} from '../../components/list';
import { unitCell } from '../../components/unit-name';
import { LOG_ACTIONS, type PositiveLog, positiveKeys } from './positive-api';
import { LogActionTag } from './positive-tags';

interface SearchValues {
  action?: string | null;
  unitId?: number | null;
  name?: string;
}

/** The search in the URL (back from elsewhere finds the same list). */
const FILTERS: UrlCodec<SearchValues> = { action: 'string', unitId: 'number', name: 'string' };

const toQuery = (v: SearchValues): Query => ({
  action: v.action ?? undefined,
  unitId: v.unitId ?? undefined,
  name: v.name?.trim(),
});

/** Who, when, which rule, how handled and what was done: in view at 1440 px, an entry's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  status: 'action',
  due: 'createdAt',
  essential: ['ruleName', 'note'],
  datetimes: ['createdAt'],
  wrap: ['note'],
};

const columns: TableProps<PositiveLog>['columns'] = [
  { key: 'createdAt', dataIndex: 'createdAt', title: '时间', width: 160 },
  { key: 'name', dataIndex: 'name', title: '姓名', width: 90 },
  { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true, width: 140 },
  { key: 'ruleName', dataIndex: 'ruleName', title: '阳性规则', width: 150 },
  { key: 'action', title: '处理方式', width: 96, render: (_, r) => <LogActionTag action={r.action} /> },
  {
    key: 'note',
    title: '处理情况',
    width: 300,
    render: (_, r) => <ClipLines text={r.note} width={420} />,
  },
  { key: 'createdBy', dataIndex: 'createdBy', title: '操作人', width: 90, render: orDash },
  { key: 'taskId', dataIndex: 'taskId', title: '任务编号', width: 90, render: orDash },
];

/** /main/positive/log 处理记录: every confirmation, dismissal, reassignment and task action, newest first. */
export default function PositiveLogPage() {
  const [form] = Form.useForm<SearchValues>();
  const { values, search } = useUrlFilters(FILTERS, {}, { form });
  const filters = useMemo(() => toQuery(values), [values]);
  const { tableProps } = usePagedList<PositiveLog>(positiveKeys.logs, '/positive/log', filters, { url: true });
  return (
    <Flex vertical gap={16} data-testid="positive-log">
      <SearchCard<SearchValues> form={form} testId="positive-log-search" onSearch={search}>
        <SearchItem name="action" label="处理方式">
          <Select allowClear placeholder="全部" options={LOG_ACTIONS.map(({ value, label }) => ({ value, label }))} />
        </SearchItem>
        <PersonSearchItems />
      </SearchCard>
      <ListCard title="处理记录">
        <ListTable<PositiveLog> {...tableProps} layout={LAYOUT} data-testid="positive-log-table" columns={columns} />
      </ListCard>
    </Flex>
  );
}
