import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { enumLabel, type RouteDef, SEX } from '@peis/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../app/http';
import { useSession } from '../../app/use-session';
import { PersonInterventions } from '../../components/intervention/person-interventions';
import { useBackToList } from '../../components/list';
import { usePermission } from '../../components/Permission';
import {
  fetchPhrDetail,
  PersonalInfoViewer,
  type PhrDetail,
  PhrEditDialog,
  PhrStatusTag,
  phrKeys,
  TagPopover,
} from '../../components/phr';
import { PersonPrescriptions } from '../../components/prescription';
import { UnitName } from '../../components/unit-name';
import { formatTime } from './phr-api';
import { PhrChecksSection } from './phr-checks-section';
import { PhrVersionsSection } from './phr-versions-section';
import { PhrWorkSection } from './phr-work-section';
import './phr-print.css';

function Header({ detail, onPrint }: { detail: PhrDetail; onPrint: () => void }) {
  const backToList = useBackToList('/main/phr');
  const p = detail.record?.patientInfo ?? {};
  const hasRecord = detail.version !== null && detail.version !== undefined;
  const missing = detail.missing ?? [];
  return (
    <Card data-testid="phr-detail-header">
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <Space align="center" wrap>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="phr-detail-name">
              {p.name || '-'}
            </Typography.Title>
            <PhrStatusTag hasRecord={hasRecord} complete={detail.complete} />
            {'tags' in detail ? <TagPopover tags={detail.tags} /> : null}
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            个人健康档案
          </Typography.Paragraph>
        </div>
        <Space wrap className="phr-no-print">
          <Button icon={<ArrowLeftOutlined />} onClick={backToList} data-testid="phr-back-to-list">
            返回列表
          </Button>
          <Button icon={<PrinterOutlined />} onClick={onPrint} data-testid="phr-print">
            打印
          </Button>
        </Space>
      </Flex>
      <Descriptions
        size="small"
        style={{ marginTop: 16 }}
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'sex', label: '性别', children: enumLabel(SEX, p.sex) || '-' },
          { key: 'age', label: '年龄', children: p.age !== null && p.age !== undefined ? `${p.age} 岁` : '-' },
          { key: 'unit', label: '单位', children: <UnitName id={detail.unitId} name={detail.unitName} full /> },
          { key: 'version', label: '档案版本', children: hasRecord ? `V${detail.version}` : '未建档' },
          {
            key: 'missing',
            label: '待完善',
            span: 2,
            children: !hasRecord ? (
              '尚未建立档案'
            ) : missing.length === 0 ? (
              '无'
            ) : (
              <Space size={4} wrap data-testid="phr-detail-missing">
                {missing.map((m) => (
                  <Tag key={m} color="warning">
                    {m}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'updated',
            label: '最近更新',
            span: 2,
            children: detail.updatedAt
              ? `${formatTime(detail.updatedAt)}${detail.updatedBy ? ` · ${detail.updatedBy}` : ''}`
              : '-',
          },
        ]}
      />
    </Card>
  );
}

/**
 * /main/phr/detail/:id — one person on one page: header, the record (viewer, editable with phr:edit),
 * health checks by year with trend charts, the management of it (grouping by year, findings, tasks,
 * follow-ups, service packages) and the record's versions. Prints cleanly (打印).
 */
export default function PhrDetailPage(_: { route?: RouteDef }) {
  const params = useParams();
  const backToList = useBackToList('/main/phr');
  const queryClient = useQueryClient();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const canEdit = usePermission('phr:edit');
  // 健康干预 shows to the accounts that open 干预任务 (its list answers 403 to the others).
  const canSeeInterventions = Boolean(useSession().menus?.includes('main:hi/task'));
  const [editing, setEditing] = useState(false);

  const detail = useQuery({
    queryKey: phrKeys.detail(id),
    queryFn: ({ signal }) => fetchPhrDetail(id, signal),
    enabled: valid,
  });

  if (!valid) {
    return <Result status="404" title="档案不存在" extra={<Button onClick={backToList}>返回列表</Button>} />;
  }
  if (detail.isLoading) {
    return (
      <div style={{ padding: 64, textAlign: 'center' }} data-testid="phr-detail">
        <Spin />
      </div>
    );
  }
  if (detail.isError || !detail.data) {
    const status = detail.error instanceof ApiError ? detail.error.status : 0;
    return (
      <Result
        status={status === 403 ? '403' : status === 404 ? '404' : 'warning'}
        title={status === 403 ? '无权查看该档案' : status === 404 ? '档案不存在' : '档案加载失败'}
        extra={
          <Space>
            <Button onClick={backToList}>返回列表</Button>
            <Button type="primary" onClick={() => detail.refetch()}>
              重试
            </Button>
          </Space>
        }
      />
    );
  }

  const data = detail.data;
  const sex = data.record?.patientInfo?.sex ?? null;
  return (
    <Flex vertical gap={16} className="phr-print-root" data-testid="phr-detail">
      <Header detail={data} onPrint={() => window.print()} />
      <Card title="基础信息" data-testid="phr-detail-record">
        <PersonalInfoViewer data={data.record} editable={canEdit} onEdit={() => setEditing(true)} />
      </Card>
      <Card title="体检记录" className="phr-page-break" data-testid="phr-detail-checks">
        <PhrChecksSection employeeId={id} sex={sex} />
      </Card>
      <Card title="健康管理" className="phr-page-break" data-testid="phr-detail-work">
        <PhrWorkSection employeeId={id} />
      </Card>
      {canSeeInterventions ? (
        <Card title="健康干预" className="phr-page-break" data-testid="phr-detail-interventions">
          <PersonInterventions employeeId={id} />
        </Card>
      ) : null}
      <PersonPrescriptions employeeId={id} className="phr-page-break" />
      <Card title="版本记录" className="phr-page-break" data-testid="phr-detail-versions">
        <PhrVersionsSection employeeId={id} />
      </Card>
      <PhrEditDialog
        open={editing}
        employeeId={id}
        initial={data}
        onClose={() => setEditing(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: phrKeys.all })}
      />
    </Flex>
  );
}
