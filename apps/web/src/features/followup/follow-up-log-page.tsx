import { Flex, Form, Select, type TableProps, Tag } from 'antd';
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
import { type FollowUpRecord, followUpKeys, METHODS, methodLabel } from './followup-api';

interface SearchValues {
  unitId?: number | null;
  name?: string;
  method?: number | null;
}

/** The search in the URL (back from elsewhere finds the same list). */
const FILTERS: UrlCodec<SearchValues> = { unitId: 'number', name: 'string', method: 'number' };

const toQuery = (v: SearchValues): Query => ({
  unitId: v.unitId ?? undefined,
  name: v.name?.trim(),
  method: v.method ?? undefined,
});

/** Who, when, which plan, how and the result: in view at 1440 px, a record's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  status: 'method',
  due: 'followDate',
  essential: ['title', 'outcome'],
  dates: ['followDate'],
  datetimes: ['createdAt'],
  wrap: ['outcome', 'note'],
};

const columns: TableProps<FollowUpRecord>['columns'] = [
  { key: 'followDate', dataIndex: 'followDate', title: '随访日期', width: 110 },
  { key: 'name', dataIndex: 'name', title: '姓名', width: 90 },
  { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true, width: 140 },
  { key: 'title', dataIndex: 'title', title: '随访计划', width: 150 },
  { key: 'method', title: '方式', width: 70, render: (_, r) => <Tag color="blue">{methodLabel(r.method)}</Tag> },
  { key: 'outcome', title: '随访结果', width: 300, render: (_, r) => <ClipLines text={r.outcome} width={360} /> },
  { key: 'note', title: '备注', width: 200, render: (_, r) => <ClipLines text={r.note} width={200} /> },
  { key: 'createdBy', dataIndex: 'createdBy', title: '记录人', width: 90, render: orDash },
  { key: 'createdAt', dataIndex: 'createdAt', title: '记录时间', width: 160 },
];

/** /main/follow-up/log 随访记录: every follow-up recorded on a plan, newest first. */
export default function FollowUpLogPage() {
  const [form] = Form.useForm<SearchValues>();
  const { values, search } = useUrlFilters(FILTERS, {}, { form });
  const filters = useMemo(() => toQuery(values), [values]);
  const { tableProps } = usePagedList<FollowUpRecord>(followUpKeys.logs, '/follow-up/log', filters, { url: true });
  return (
    <Flex vertical gap={16} data-testid="followup-log">
      <SearchCard<SearchValues> form={form} testId="followup-log-search" onSearch={search}>
        <PersonSearchItems />
        <SearchItem name="method" label="方式">
          <Select allowClear placeholder="全部" options={METHODS} />
        </SearchItem>
      </SearchCard>
      <ListCard title="随访记录">
        <ListTable<FollowUpRecord> {...tableProps} layout={LAYOUT} data-testid="followup-log-table" columns={columns} />
      </ListCard>
    </Flex>
  );
}
