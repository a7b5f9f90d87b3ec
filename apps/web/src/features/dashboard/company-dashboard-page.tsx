import { ReloadOutlined } from '@ant-design/icons';
import { ABNORMALITY_CRITERIA, COMPLETION_INDICATORS, HEALTH_PACKAGE_TITLE } from '@peis/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Flex, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import {
  AbnormalFactorPie,
  CompletionRingCard,
  type DashboardFilter,
  DEFAULT_YEAR,
  dashboardKeys,
  IndicatorTable,
  RiskPopulationDonut,
} from '../../components/dashboard';
import { CompanyPicker, type UnitNode, useUnitTree } from '../../components/pickers';

/** Ring colours, in COMPLETION_INDICATORS order, then the health package. */
const RING_COLORS = ['#f5222d', '#fa8c16', '#faad14', '#722ed1', '#13c2c2'];
const PACKAGE_COLOR = '#52c41a';

function findUnit(nodes: UnitNode[], id: number): UnitNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inside = findUnit(node.children ?? [], id);
    if (inside) return inside;
  }
  return undefined;
}

/**
 * /company/dashboard 公司看板 (SPEC §2, PRODUCT.md "Dashboard semantics"): the shared unit filter on top;
 * six completion rings, the employee indicator table, the abnormal-factor pie and the risk-population donut.
 * Every widget's query key holds the filter, so each loads on mount and again when the unit changes.
 */
export default function CompanyDashboardPage() {
  const queryClient = useQueryClient();
  const tree = useUnitTree();
  const [unitId, setUnitId] = useState<number | null>(null);
  const [ringYear, setRingYear] = useState(DEFAULT_YEAR);
  // The picker gives an id; the calls take the unit's name (the server accepts full or short names).
  const unit = useMemo(() => (unitId === null ? undefined : findUnit(tree.data ?? [], unitId)), [unitId, tree.data]);
  const filter = useMemo<DashboardFilter>(() => ({ companyName: unit?.name }), [unit?.name]);

  return (
    <Flex vertical gap={16} data-testid="company-dashboard">
      <Card size="small" data-testid="dashboard-filter">
        <Flex align="center" justify="space-between" gap={12} wrap>
          <Flex align="center" gap={8} wrap style={{ flex: '1 1 320px', minWidth: 0 }}>
            <label htmlFor="dashboard-unit">
              <Typography.Text strong>统计单位</Typography.Text>
            </label>
            <CompanyPicker
              id="dashboard-unit"
              value={unitId}
              onChange={(v) => setUnitId(typeof v === 'number' ? v : null)}
              placeholder="全部单位"
              style={{ width: 320, maxWidth: '100%' }}
            />
            <Typography.Text type="secondary" data-testid="dashboard-scope">
              {unit ? `当前：${unit.name}` : '当前：账号范围内全部单位'}
            </Typography.Text>
          </Flex>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all })}
            data-testid="dashboard-refresh"
          >
            刷新全部
          </Button>
        </Flex>
      </Card>

      <Card
        title="健康指标完成度"
        extra={
          <Space size={8}>
            <Typography.Text type="secondary">年度</Typography.Text>
            <DatePicker
              picker="year"
              size="small"
              allowClear={false}
              value={dayjs().year(ringYear).startOf('year')}
              onChange={(d) => d && setRingYear(d.year())}
              style={{ width: 96 }}
              data-testid="ring-year"
            />
          </Space>
        }
        styles={{ body: { padding: 16 } }}
      >
        <Row gutter={[16, 16]}>
          {COMPLETION_INDICATORS.map((ind, i) => (
            <Col key={ind.key} xs={12} md={8} xl={4}>
              <CompletionRingCard
                title={ind.title}
                indicatorKey={ind.key}
                filter={filter}
                year={ringYear}
                color={RING_COLORS[i]}
                criterion={ABNORMALITY_CRITERIA[ind.abnormality].criterion}
              />
            </Col>
          ))}
          <Col xs={12} md={8} xl={4}>
            <CompletionRingCard title={HEALTH_PACKAGE_TITLE} filter={filter} year={ringYear} color={PACKAGE_COLOR} />
          </Col>
        </Row>
      </Card>

      <IndicatorTable filter={filter} />

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <AbnormalFactorPie filter={filter} />
        </Col>
        <Col xs={24} lg={12}>
          <RiskPopulationDonut filter={filter} />
        </Col>
      </Row>
    </Flex>
  );
}
