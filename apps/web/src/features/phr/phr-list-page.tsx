import { PlusOutlined } from '@ant-design/icons';
import { enumLabel, type RouteDef, SEX } from '@peis/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ExportButton, FROM_LIST, type ListLayout, ListTable, usePagedList } from '../../components/list';
import { digitsCell } from '../../components/list/digits';
import { Permission } from '../../components/Permission';
import { PhrEditDialog, phrKeys, TagPopover } from '../../components/phr';
import { unitCell } from '../../components/unit-name';
import { formatTime, type PhrFilters, type PhrListRow } from './phr-api';
import { PhrSearchForm, usePhrSearch } from './phr-search-form';
import { RecordStatus } from './record-status';

type Columns = NonNullable<TableProps<PhrListRow>['columns']>;

/** 姓名, 单位, 责任人, 档案状态, 更新时间 and the buttons stay in view at 1440 px and make a record's card on a phone. */
const LAYOUT: ListLayout = {
  title: 'name',
  status: 'status',
  due: 'updatedAt',
  essential: ['unitName', 'responsibleName'],
  datetimes: ['updatedAt'],
};

/**
 * /main/phr 健康档案: search, the record list (the server limits it to the account's units; a regular
 * employee gets only their own row), 查看 → detail page, 编辑 / 新增档案 → the edit dialog, 导出.
 */
export default function PhrListPage({ route }: { route?: RouteDef }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = usePhrSearch();
  const { filters } = search;
  const [dialog, setDialog] = useState<{ open: boolean; employeeId: number | null }>({ open: false, employeeId: null });

  const { rows, tableProps } = usePagedList<PhrListRow, PhrFilters>(['phr', 'list'], '/phr', filters, {
    url: true,
  });
  const withTags = rows.some((r) => 'tags' in r);

  const columns: Columns = [
    { key: 'name', dataIndex: 'name', title: '姓名', fixed: 'left', width: 100 },
    { key: 'sex', dataIndex: 'sex', title: '性别', width: 64, render: (v: unknown) => enumLabel(SEX, v) || '-' },
    { key: 'age', dataIndex: 'age', title: '年龄', width: 64, render: (v: unknown) => (v ?? '-') as string },
    { key: 'idCard', dataIndex: 'idCard', title: '身份证号', width: 180, render: digitsCell },
    { key: 'mobile', dataIndex: 'mobile', title: '手机', width: 130, render: digitsCell },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', render: unitCell, width: 160 },
    {
      key: 'responsibleName',
      dataIndex: 'responsibleName',
      title: '责任人',
      width: 100,
      render: (v: unknown) => (v || '-') as string,
    },
    {
      key: 'status',
      title: '档案状态',
      width: 100,
      render: (_: unknown, row) => <RecordStatus row={row} />,
    },
    ...(withTags
      ? ([
          {
            key: 'tags',
            title: '标签',
            width: 100,
            render: (_: unknown, row: PhrListRow) => ('tags' in row ? <TagPopover tags={row.tags} /> : null),
          },
        ] as Columns)
      : []),
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: '更新时间',
      width: 150,
      render: (v: string | null) => formatTime(v),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 120,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Permission required="phr:view">
            <Button
              type="link"
              size="small"
              data-testid="phr-row-view"
              onClick={() => navigate(`/main/phr/detail/${row.id}`, { state: FROM_LIST })}
            >
              查看
            </Button>
          </Permission>
          <Permission required="phr:edit">
            <Button
              type="link"
              size="small"
              data-testid="phr-row-edit"
              onClick={() => setDialog({ open: true, employeeId: row.id })}
            >
              编辑
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="phr-list">
      <PhrSearchForm state={search} />
      <Card
        title={route?.title ?? '健康档案'}
        extra={
          <Space wrap>
            <Permission required="phr:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="phr-add"
                onClick={() => setDialog({ open: true, employeeId: null })}
              >
                新增档案
              </Button>
            </Permission>
            <Permission required="phr:export">
              <ExportButton path="/phr/export" filters={{ ...filters }} fileName="健康档案.xlsx" testId="phr-export" />
            </Permission>
          </Space>
        }
      >
        <ListTable<PhrListRow> {...tableProps} layout={LAYOUT} data-testid="phr-table" columns={columns} />
      </Card>
      <PhrEditDialog
        open={dialog.open}
        employeeId={dialog.employeeId}
        unitId={filters.unitId ?? null}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: phrKeys.all })}
      />
    </Flex>
  );
}
