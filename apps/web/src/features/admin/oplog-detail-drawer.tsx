import {
  type AuditDiffRow,
  auditActionLabel,
  auditDiffRows,
  auditFieldLabel,
  auditResourceLabel,
  describeAuditChange,
} from '@peis/shared';
import { Collapse, Descriptions, Drawer, Empty, Flex, Grid, Table, Tag, Tooltip, Typography } from 'antd';
import type { OplogRecord } from './admin-api';

export interface OplogDetailDrawerProps {
  entry: OplogRecord | null;
  open: boolean;
  onClose: () => void;
}

const json = (v: unknown) => (v === null || v === undefined ? '（无）' : JSON.stringify(v, null, 2));

const Cell = ({ text }: { text: string }) => (
  <Typography.Paragraph
    style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    ellipsis={{ rows: 4, expandable: 'collapsible' }}
  >
    {text}
  </Typography.Paragraph>
);

/** Who acted: the person's name, the sign-in name on hover; a sign-in name alone when no account matched. */
export function OplogUser({ entry }: { entry: Pick<OplogRecord, 'name' | 'username'> }) {
  if (!entry.name) return <>{entry.username ?? '-'}</>;
  return (
    <Tooltip title={`账号：${entry.username ?? '-'}`}>
      <span>{entry.name}</span>
    </Tooltip>
  );
}

/** One log entry: who, what, when; the fields that changed (修改前/修改后); the raw values, folded. */
export function OplogDetailDrawer({ entry, open, onClose }: OplogDetailDrawerProps) {
  const screens = Grid.useBreakpoint();
  const rows = entry ? auditDiffRows(entry.before, entry.after) : null;
  const resource = entry?.resource;
  return (
    <Drawer title="操作详情" open={open} onClose={onClose} size={screens.md ? 760 : '100%'} destroyOnHidden>
      {entry ? (
        <Flex vertical gap={16} data-testid="oplog-detail">
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'at', label: '时间', children: entry.at },
              { key: 'user', label: '用户', children: <OplogUser entry={entry} /> },
              { key: 'action', label: '操作', children: auditActionLabel(entry.action, resource) },
              { key: 'resource', label: '对象', children: auditResourceLabel(resource) },
              { key: 'recordId', label: '记录编号', children: entry.recordId ?? '-' },
              {
                key: 'success',
                label: '结果',
                children: entry.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>,
              },
              { key: 'ip', label: 'IP 地址', children: entry.ip ?? '-' },
              { key: 'detail', label: '说明', span: 'filled', children: entry.detail ?? '-' },
            ]}
          />
          {rows ? (
            <Table<AuditDiffRow>
              rowKey="path"
              size="small"
              bordered
              pagination={false}
              dataSource={rows}
              title={() => <Typography.Text strong>变更内容（{rows.length} 项）</Typography.Text>}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有字段发生变化" /> }}
              columns={[
                { key: 'field', title: '字段', width: 160, render: (_, r) => auditFieldLabel(resource, r.path) },
                {
                  key: 'before',
                  title: '修改前',
                  render: (_, r) => <Cell text={describeAuditChange(resource, r)[0]} />,
                },
                {
                  key: 'after',
                  title: '修改后',
                  render: (_, r) => <Cell text={describeAuditChange(resource, r)[1]} />,
                },
              ]}
              data-testid="oplog-diff"
            />
          ) : null}
          <Collapse
            size="small"
            items={[
              {
                key: 'raw',
                label: '原始数据',
                children: (
                  <Flex gap={12} wrap>
                    {(['before', 'after'] as const).map((side) => (
                      <div key={side} style={{ flex: '1 1 300px', minWidth: 0 }}>
                        <Typography.Text type="secondary">{side === 'before' ? '修改前' : '修改后'}</Typography.Text>
                        <pre
                          style={{
                            margin: '4px 0 0',
                            maxHeight: 400,
                            overflow: 'auto',
                            fontSize: 12,
                            whiteSpace: 'pre-wrap',
                            wordBreak: 'break-all',
                          }}
                          data-testid={`oplog-raw-${side}`}
                        >
                          {json(entry[side])}
                        </pre>
                      </div>
                    ))}
                  </Flex>
                ),
              },
            ]}
            data-testid="oplog-raw"
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
