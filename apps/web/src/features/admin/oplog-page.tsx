import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_RESOURCE_LABELS,
  auditActionLabel,
  auditResourceLabel,
  type RouteDef,
} from '@peis/shared';
import {
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Select,
  type SelectProps,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { Query } from '../../app/http';
import {
  ListCard,
  type ListLayout,
  ListTable,
  SearchCard,
  SearchItem,
  type UrlCodec,
  usePagedList,
  useUrlFilters,
} from '../../components/list';
import type { OplogRecord } from './admin-api';
import { OplogDetailDrawer, OplogUser } from './oplog-detail-drawer';

interface OplogFilters {
  username?: string;
  action?: string;
  resource?: string;
  recordId?: string;
  at?: [Dayjs | null, Dayjs | null] | null;
}

/** 操作, 时间, 用户, 对象, 结果 and 详情 stay in view at 1440 px and make an entry's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'action',
  status: 'success',
  due: 'at',
  essential: ['username', 'resource'],
  datetimes: ['at'],
  // These cut their own text (with a tooltip) at the width given.
  wrap: ['recordId', 'detail'],
};

const ACTION_OPTIONS = AUDIT_ACTION_OPTIONS;
const RESOURCE_OPTIONS = Object.entries(AUDIT_RESOURCE_LABELS).map(([value, label]) => ({ value, label }));

/** The search in the URL (back from elsewhere finds the same list). */
const FILTERS: UrlCodec<OplogFilters> = {
  username: 'string',
  action: 'string',
  resource: 'string',
  recordId: 'string',
  at: 'dateRange',
};

const toQuery = (v: OplogFilters): Query => ({
  username: v.username?.trim(),
  action: v.action,
  resource: v.resource,
  recordId: v.recordId?.trim(),
  atFrom: v.at?.[0]?.format('YYYY-MM-DD'),
  atTo: v.at?.[1]?.format('YYYY-MM-DD'),
});

const Ellipsis = ({ text, width }: { text: string | null; width: number }) =>
  text ? (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  ) : (
    '-'
  );

/** A searchable choice among the log's labels (Form.Item hands value/onChange through). */
const LabelSelect = ({
  testId,
  ...props
}: { options: { value: string; label: string }[]; placeholder: string; testId: string } & SelectProps) => (
  <Select allowClear showSearch={{ optionFilterProp: 'label' }} data-testid={testId} {...props} />
);

/** /main/oplog: the audit log, server-paged, with its filters; a row opens the before/after detail. */
export default function OplogPage({ route }: { route: RouteDef }) {
  const [form] = Form.useForm<OplogFilters>();
  const { values, search, reset } = useUrlFilters(FILTERS, {}, { form });
  const filters = useMemo(() => toQuery(values), [values]);
  const [viewing, setViewing] = useState<{ open: boolean; entry: OplogRecord | null }>({ open: false, entry: null });
  const { list, page, sortable, tableProps } = usePagedList<OplogRecord>(['oplog'], '/oplog', filters, { url: true });
  const open = (entry: OplogRecord) => setViewing({ open: true, entry });

  const columns: TableProps<OplogRecord>['columns'] = [
    { key: 'at', dataIndex: 'at', title: '时间', width: 170, ...sortable('at') },
    { key: 'username', title: '用户', render: (_, r) => <OplogUser entry={r} /> },
    { key: 'action', title: '操作', render: (_, r) => auditActionLabel(r.action, r.resource) },
    { key: 'resource', title: '对象', render: (_, r) => auditResourceLabel(r.resource) },
    { key: 'recordId', title: '记录编号', width: 172, render: (_, r) => <Ellipsis text={r.recordId} width={140} /> },
    {
      key: 'success',
      title: '结果',
      width: 80,
      render: (_, r) => (r.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    { key: 'detail', title: '说明', width: 292, render: (_, r) => <Ellipsis text={r.detail} width={260} /> },
    { key: 'ip', dataIndex: 'ip', title: 'IP 地址', render: (v: string | null) => v ?? '-' },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          data-testid="oplog-row-detail"
          onClick={(e) => {
            e.stopPropagation();
            open(r);
          }}
        >
          详情
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="oplog-page">
      <SearchCard<OplogFilters>
        form={form}
        testId="oplog-search"
        onSearch={(v) => {
          const next = toQuery(v);
          // 查询 with unchanged filters still asks again: the log grows while one reads it.
          if (page === 1 && JSON.stringify(next) === JSON.stringify(filters)) void list.refetch();
          search(v);
        }}
        onReset={reset}
      >
        <SearchItem name="username" label="用户名">
          <Input allowClear placeholder="请输入用户名" />
        </SearchItem>
        <SearchItem name="action" label="操作">
          <LabelSelect options={ACTION_OPTIONS} placeholder="请选择操作" testId="oplog-action" />
        </SearchItem>
        <SearchItem name="resource" label="对象">
          <LabelSelect options={RESOURCE_OPTIONS} placeholder="请选择对象" testId="oplog-resource" />
        </SearchItem>
        <SearchItem name="recordId" label="记录编号">
          <Input allowClear placeholder="请输入记录编号" />
        </SearchItem>
        <SearchItem name="at" label="时间" wide>
          <DatePicker.RangePicker format="YYYY-MM-DD" allowEmpty={[true, true]} style={{ width: '100%' }} />
        </SearchItem>
      </SearchCard>
      <ListCard title={route.title}>
        <ListTable<OplogRecord>
          {...tableProps}
          layout={LAYOUT}
          size="large"
          columns={columns}
          onRow={(r) => ({ onClick: () => open(r), style: { cursor: 'pointer' } })}
          data-testid="oplog-table"
        />
      </ListCard>
      <OplogDetailDrawer
        entry={viewing.entry}
        open={viewing.open}
        onClose={() => setViewing((s) => ({ ...s, open: false }))}
      />
    </Flex>
  );
}
