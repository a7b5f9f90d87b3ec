import { SwapOutlined } from '@ant-design/icons';
import { enumLabel, type RouteDef, SEX } from '@peis/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, Row, Space, type TableProps, Typography } from 'antd';
import type { Key } from 'react';
import { useState } from 'react';
import { ApiError, type Query } from '../../app/http';
import {
  type ListLayout,
  ListTable,
  NameSearch,
  type UrlCodec,
  usePagedList,
  useUrlFilters,
} from '../../components/list';
import { Permission } from '../../components/Permission';
import { phrKeys } from '../../components/phr';
import { ASSIGNEE_SOURCE, AssigneePicker, CompanyPicker, useRemoteOptions, userLabel } from '../../components/pickers';
import { type TransferPerson, useTransferConfirm } from '../../components/transfer-confirm';
import { unitCell } from '../../components/unit-name';
import { formatTime, type PhrFilters, type PhrListRow, postTransfer, type TransferRecord } from './phr-api';
import { PhrSearchForm, usePhrSearch } from './phr-search-form';
import { RecordStatus } from './record-status';

interface TransferValues {
  toUnitId?: number | null;
  toUserId?: number | string | null;
  reason?: string;
}

const REASON_MAX = 200;

/** A record to pick: 姓名, 身份证号, 单位, 档案状态 in view at 1440 px, a card with a checkbox on a phone. */
const PICK_LAYOUT: ListLayout = { title: 'name', status: 'status', essential: ['idCard', 'unitName'] };
/** A transfer: who, from where to where, when. */
const HISTORY_LAYOUT: ListLayout = {
  title: 'employeeName',
  due: 'createdAt',
  essential: ['fromUnitName', 'toUnitName', 'toUserName'],
  datetimes: ['createdAt'],
};

const HISTORY_FILTERS: UrlCodec<{ name?: string }> = { name: 'string' };

/** Records to hand over: the list API with a search, rows selected across pages. */
function RecordPicker({
  selected,
  onSelect,
}: {
  selected: Key[];
  onSelect: (keys: Key[], rows: PhrListRow[]) => void;
}) {
  // The search and the page are in the URL (the history below keeps its own under history.).
  const search = usePhrSearch();
  const { tableProps } = usePagedList<PhrListRow, PhrFilters>(['phr', 'list'], '/phr', search.filters, {
    pageSize: 10,
    url: true,
  });
  const columns: NonNullable<TableProps<PhrListRow>['columns']> = [
    { key: 'name', dataIndex: 'name', title: '姓名', width: 100 },
    { key: 'sex', dataIndex: 'sex', title: '性别', width: 64, render: (v: unknown) => enumLabel(SEX, v) || '-' },
    { key: 'age', dataIndex: 'age', title: '年龄', width: 64 },
    { key: 'idCard', dataIndex: 'idCard', title: '身份证号', width: 180 },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, width: 160 },
    { key: 'responsibleName', dataIndex: 'responsibleName', title: '责任人', width: 100, render: (v) => v || '-' },
    { key: 'status', title: '档案状态', width: 100, render: (_: unknown, row) => <RecordStatus row={row} /> },
  ];
  return (
    <Flex vertical gap={12}>
      <PhrSearchForm testIdPrefix="phr-transfer-search" withoutComplete state={search} />
      <ListTable<PhrListRow>
        {...tableProps}
        layout={PICK_LAYOUT}
        size="small"
        data-testid="phr-transfer-records"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => onSelect(keys, rows),
        }}
      />
    </Flex>
  );
}

/** Transfers done so far, newest first, searchable by name. */
function TransferHistory() {
  const { values: filters, set } = useUrlFilters(HISTORY_FILTERS, {}, { prefix: 'history.' });
  const { list, tableProps } = usePagedList<TransferRecord>(['phr', 'transfers'], '/phr/transfer', filters as Query, {
    url: 'history.',
  });
  const dash = (v: unknown) => (v ? String(v) : '-');
  const columns: NonNullable<TableProps<TransferRecord>['columns']> = [
    { key: 'employeeName', dataIndex: 'employeeName', title: '姓名', width: 100 },
    { key: 'fromUnitName', dataIndex: 'fromUnitName', title: '原单位', render: unitCell, width: 160 },
    { key: 'toUnitName', dataIndex: 'toUnitName', title: '新单位', render: unitCell, width: 160 },
    { key: 'fromUserName', dataIndex: 'fromUserName', title: '原责任人', width: 100, render: dash },
    { key: 'toUserName', dataIndex: 'toUserName', title: '新责任人', width: 100, render: dash },
    { key: 'reason', dataIndex: 'reason', title: '转移原因', width: 200 },
    { key: 'createdBy', dataIndex: 'createdBy', title: '操作人', width: 100, render: dash },
    { key: 'createdAt', dataIndex: 'createdAt', title: '转移时间', width: 150, render: (v: string) => formatTime(v) },
  ];
  return (
    <Card
      title="转移记录"
      extra={
        <NameSearch initial={filters.name} onSearch={(name) => set({ name })} testId="phr-transfer-history-search" />
      }
    >
      <ListTable<TransferRecord>
        {...tableProps}
        layout={HISTORY_LAYOUT}
        size="small"
        data-testid="phr-transfer-history"
        columns={columns}
        locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '暂无转移记录' }}
      />
    </Card>
  );
}

/**
 * /main/phr/transfer 档案转移: choose records, the target unit and/or responsible staff member and a reason,
 * 确定转移 (phr:transfer) after a question naming who moves from where to where and what moves with them;
 * the transfer history below.
 */
export default function PhrTransferPage({ route }: { route?: RouteDef }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferValues>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [names, setNames] = useState<Map<Key, TransferPerson>>(new Map());
  const [sending, setSending] = useState(false);
  const confirm = useTransferConfirm();
  // The chosen responsible staff member's name, from the picker's own cached options (for the question).
  const pickedUser = Form.useWatch('toUserId', form);
  const assignees = useRemoteOptions(ASSIGNEE_SOURCE, {
    labelOf: userLabel,
    selected: pickedUser === null || pickedUser === undefined || pickedUser === '' ? [] : [pickedUser],
  });

  const submit = async (values: TransferValues) => {
    if (selected.length === 0) {
      message.warning('请选择要转移的档案');
      return;
    }
    const toUnitId = typeof values.toUnitId === 'number' ? values.toUnitId : undefined;
    const toUserId =
      values.toUserId === null || values.toUserId === undefined || values.toUserId === ''
        ? undefined
        : Number(values.toUserId);
    const go = await confirm({
      kind: 'record',
      people: [...names.values()],
      toUnitId,
      toUserName:
        toUserId === undefined
          ? null
          : (assignees.options.find((o) => String(o.value) === String(toUserId))?.label ?? String(toUserId)),
      reason: (values.reason ?? '').trim(),
    });
    if (!go) return;
    setSending(true);
    try {
      const answer = await postTransfer({
        employeeIds: selected.map(Number),
        toUnitId,
        toUserId,
        reason: (values.reason ?? '').trim(),
      });
      message.success(answer.msg || `已转移 ${answer.data?.moved ?? selected.length} 份档案`);
      setSelected([]);
      setNames(new Map());
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: phrKeys.all });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 409) && e.msg) {
        if (e.status === 409) message.warning(e.msg);
        else message.error(e.msg);
        const fields = e.errors
          .map((err) => ({ name: err.path.split('.').pop() ?? '', errors: [err.message] }))
          .filter((f) => ['toUnitId', 'toUserId', 'reason'].includes(f.name));
        if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      } else if (
        e instanceof ApiError &&
        e.msg &&
        e.status > 400 &&
        e.status < 500 &&
        ![401, 403, 404].includes(e.status)
      ) {
        message.error(e.msg);
      }
    } finally {
      setSending(false);
    }
  };

  const targetRule = {
    validator: async () => {
      const { toUnitId, toUserId } = form.getFieldsValue(['toUnitId', 'toUserId']) as TransferValues;
      if (!toUnitId && (toUserId === null || toUserId === undefined || toUserId === '')) {
        throw new Error('请选择目标单位或责任人（至少一项）');
      }
    },
  };

  return (
    <Flex vertical gap={16} data-testid="phr-transfer">
      <Card title={route?.title ?? '档案转移'}>
        <RecordPicker
          selected={selected}
          onSelect={(keys, rows) => {
            setSelected(keys);
            setNames((prev) => {
              const next = new Map<Key, TransferPerson>();
              for (const k of keys) {
                const row = rows.find((r) => r?.id === k);
                next.set(k, row ? { name: row.name, unitName: row.unitName } : (prev.get(k) ?? { name: String(k) }));
              }
              return next;
            });
          }}
        />
      </Card>
      <Card title="转移到">
        <Form<TransferValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          disabled={sending}
          data-testid="phr-transfer-form"
        >
          <Form.Item label="已选档案">
            {selected.length === 0 ? (
              <Typography.Text type="secondary">请在上方列表中勾选要转移的档案</Typography.Text>
            ) : (
              <Space wrap>
                <Typography.Text data-testid="phr-transfer-selected">
                  已选 {selected.length} 人：
                  {[...names.values()]
                    .slice(0, 10)
                    .map((p) => p.name)
                    .join('、')}
                  {selected.length > 10 ? ' 等' : ''}
                </Typography.Text>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setSelected([]);
                    setNames(new Map());
                  }}
                >
                  清空
                </Button>
              </Space>
            )}
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="toUnitId" label="目标单位" dependencies={['toUserId']} rules={[targetRule]}>
                <CompanyPicker placeholder="请选择目标单位" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="toUserId" label="责任人" dependencies={['toUnitId']} rules={[targetRule]}>
                <AssigneePicker placeholder="请选择责任人" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="reason"
            label="转移原因"
            rules={[
              { required: true, whitespace: true, message: '必填项' },
              { max: REASON_MAX, message: `转移原因不能超过${REASON_MAX}个字` },
            ]}
          >
            <Input.TextArea
              maxLength={REASON_MAX}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder="请输入转移原因"
              data-testid="phr-transfer-reason"
            />
          </Form.Item>
          <Permission required="phr:transfer">
            <Button
              type="primary"
              htmlType="submit"
              icon={<SwapOutlined />}
              loading={sending}
              data-testid="phr-transfer-submit"
            >
              确定转移
            </Button>
          </Permission>
        </Form>
      </Card>
      <TransferHistory />
    </Flex>
  );
}
