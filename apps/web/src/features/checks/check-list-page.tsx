import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { Query } from '../../app/http';
import {
  ExportButton,
  ListCard,
  type ListLayout,
  ListTable,
  orDash,
  PersonSearchItems,
  SearchCard,
  SearchItem,
  showFailure,
  toDate,
  type UrlCodec,
  usePagedList,
  useUrlFilters,
  yearOptions,
} from '../../components/list';
import { digitsCell } from '../../components/list/digits';
import { Permission, usePermission } from '../../components/Permission';
import { phrKeys } from '../../components/phr';
import { unitCell } from '../../components/unit-name';
import { positiveKeys } from '../positive/positive-api';
import { CheckDetailDrawer } from './check-detail-drawer';
import { CheckFormDialog } from './check-form-dialog';
import { CheckImportDialog } from './check-import-dialog';
import { bloodPressure, type CheckRow, checkKeys, deleteCheck } from './checks-api';

interface SearchValues {
  unitId?: number | null;
  name?: string;
  idCard?: string;
  year?: number | null;
  provider?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  hasFindings?: 'true' | 'false' | null;
}

/** The search in the URL (back from elsewhere finds the same list). */
const FILTERS: UrlCodec<SearchValues> = {
  unitId: 'number',
  name: 'string',
  idCard: 'string',
  year: 'number',
  provider: 'string',
  dates: 'dateRange',
  hasFindings: 'string',
};

const toQuery = (v: SearchValues): Query => ({
  unitId: v.unitId ?? undefined,
  name: v.name?.trim(),
  idCard: v.idCard?.trim().toUpperCase(),
  year: v.year ?? undefined,
  provider: v.provider?.trim(),
  dateFrom: toDate(v.dates?.[0]),
  dateTo: toDate(v.dates?.[1]),
  hasFindings: v.hasFindings ?? undefined,
});

const value = (code: string) => (_: unknown, r: CheckRow) => orDash(r.values?.[code]);

type Panel = { kind: 'form' | 'view'; open: boolean; row: CheckRow | null };

/** 姓名, 体检日期, 机构, 血压, 阳性 and the buttons stay in view at 1440 px and make a check's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  due: 'checkDate',
  essential: ['provider', 'bp', 'findings'],
  dates: ['checkDate'],
};

/**
 * /main/phr/check 体检数据: every check result in the account's units — search, 新增体检, 导入 (with the row-by-row
 * report), 导出; per row 查看 (indicators against their reference ranges, findings), 修改, 删除.
 */
export default function CheckListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SearchValues>();
  const { values, search } = useUrlFilters(FILTERS, {}, { form });
  const filters = useMemo(() => toQuery(values), [values]);
  const { sortable, tableProps } = usePagedList<CheckRow>(checkKeys.list, '/phr/check', filters, { url: true });
  const [panel, setPanel] = useState<Panel>({ kind: 'form', open: false, row: null });
  const [importing, setImporting] = useState(false);
  const canEdit = usePermission('check:edit');
  const canDelete = usePermission('check:delete');
  const show = (kind: Panel['kind'], row: CheckRow | null) => setPanel({ kind, open: true, row });
  const close = () => setPanel((p) => ({ ...p, open: false }));

  const remove = useMutation({
    mutationFn: (id: number) => deleteCheck(id),
    onSuccess: (answer) => {
      message.success(answer?.msg || '已删除');
      void queryClient.invalidateQueries({ queryKey: positiveKeys.all });
      void queryClient.invalidateQueries({ queryKey: phrKeys.all });
      return queryClient.invalidateQueries({ queryKey: checkKeys.all });
    },
    onError: (e) => showFailure(message, e),
  });

  const columns: TableProps<CheckRow>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 90 },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, ellipsis: true, width: 120 },
    { key: 'idCard', dataIndex: 'idCard', title: '身份证号', width: 180, render: digitsCell },
    { key: 'checkDate', dataIndex: 'checkDate', title: '体检日期', width: 110, ...sortable('checkDate') },
    { key: 'provider', dataIndex: 'provider', title: '体检机构', ellipsis: true, width: 140, render: orDash },
    {
      key: 'bp',
      title: <Tooltip title="收缩压/舒张压（mmHg）">血压</Tooltip>,
      width: 80,
      render: (_, r) => bloodPressure(r.values),
    },
    { key: 'FPG', title: <Tooltip title="空腹血糖（mmol/L）">血糖</Tooltip>, width: 64, render: value('FPG') },
    { key: 'TC', title: <Tooltip title="总胆固醇（mmol/L）">总胆固醇</Tooltip>, width: 80, render: value('TC') },
    { key: 'BMI', title: 'BMI', width: 60, render: value('BMI') },
    {
      key: 'findings',
      title: '阳性',
      width: 60,
      render: (_, r) =>
        r.findings > 0 ? (
          <Badge count={r.findings} color="orange" data-testid="check-findings" />
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 140,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid="check-view" onClick={() => show('view', r)}>
            查看
          </Button>
          {canEdit ? (
            <Button type="link" size="small" data-testid="check-edit" onClick={() => show('form', r)}>
              修改
            </Button>
          ) : null}
          {canDelete ? (
            <Popconfirm
              title={`确定删除${r.name}${r.checkDate}的体检记录吗？`}
              description="其未确认的阳性发现将一并移除。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}
            >
              <Button type="link" size="small" danger data-testid="check-delete">
                删除
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="check-list">
      <SearchCard<SearchValues> form={form} testId="check-search" onSearch={search}>
        <PersonSearchItems />
        <SearchItem name="idCard" label="身份证号">
          <Input allowClear placeholder="完整的18位身份证号" maxLength={18} />
        </SearchItem>
        <SearchItem name="year" label="年度">
          <Select allowClear placeholder="全部" options={yearOptions()} />
        </SearchItem>
        <SearchItem name="dates" label="体检日期">
          <DatePicker.RangePicker format="YYYY-MM-DD" allowEmpty={[true, true]} style={{ width: '100%' }} />
        </SearchItem>
        <SearchItem name="provider" label="体检机构">
          <Input allowClear placeholder="体检机构（模糊查询）" maxLength={100} />
        </SearchItem>
        <SearchItem name="hasFindings" label="有阳性">
          <Select
            allowClear
            placeholder="全部"
            options={[
              { value: 'true', label: '有阳性' },
              { value: 'false', label: '无阳性' },
            ]}
          />
        </SearchItem>
      </SearchCard>
      <ListCard
        title="体检数据"
        actions={
          <>
            <Permission required="check:add">
              <Button type="primary" icon={<PlusOutlined />} data-testid="check-add" onClick={() => show('form', null)}>
                新增体检
              </Button>
            </Permission>
            <Permission required="check:import">
              <Button icon={<UploadOutlined />} data-testid="check-import" onClick={() => setImporting(true)}>
                导入
              </Button>
            </Permission>
            <Permission required="check:export">
              <ExportButton path="/phr/check/export" filters={filters} fileName="体检数据.xlsx" testId="check-export" />
            </Permission>
          </>
        }
      >
        <ListTable<CheckRow> {...tableProps} layout={LAYOUT} data-testid="check-table" columns={columns} />
      </ListCard>
      <CheckFormDialog check={panel.row} open={panel.open && panel.kind === 'form'} onClose={close} />
      <CheckDetailDrawer id={panel.row?.id ?? null} open={panel.open && panel.kind === 'view'} onClose={close} />
      <CheckImportDialog open={importing} onClose={() => setImporting(false)} />
    </Flex>
  );
}
