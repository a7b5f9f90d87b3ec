import { enumOptions, SEX } from '@peis/shared';
import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { CompanyPicker } from '../../components/pickers';
import type { PhrFilters } from './phr-api';

interface SearchValues {
  unitId?: number | null;
  name?: string;
  idCard?: string;
  sex?: number | null;
  ageFrom?: number | null;
  ageTo?: number | null;
  complete?: 'true' | 'false' | null;
}

/** Filled-in search values as GET /phr parameters. */
function toFilters(v: SearchValues): PhrFilters {
  const f: PhrFilters = {};
  if (v.unitId) f.unitId = v.unitId;
  if (v.name?.trim()) f.name = v.name.trim();
  if (v.idCard?.trim()) f.idCard = v.idCard.trim().toUpperCase();
  if (v.sex) f.sex = v.sex;
  if (typeof v.ageFrom === 'number') f.ageFrom = v.ageFrom;
  if (typeof v.ageTo === 'number') f.ageTo = v.ageTo;
  if (v.complete) f.complete = v.complete === 'true';
  return f;
}

export interface PhrSearchFormProps {
  onSearch: (filters: PhrFilters) => void;
  /** Prefix of the data-testids: `${prefix}-name`, `${prefix}-submit`, `${prefix}-reset`. */
  testIdPrefix?: string;
  /** Leave out the 完整度 filter (the transfer page). */
  withoutComplete?: boolean;
}

/** Search form of the record list: 单位, 姓名, 身份证号, 性别, 年龄 range, 完整度; 查询 / 重置. */
export function PhrSearchForm({ onSearch, testIdPrefix = 'phr-search', withoutComplete }: PhrSearchFormProps) {
  const [form] = Form.useForm<SearchValues>();
  return (
    <Card size="small" className="phr-no-print">
      <Form name="phr-search" form={form} onFinish={(v) => onSearch(toFilters(v))} data-testid={testIdPrefix}>
        <Row gutter={[16, 0]}>
          <Col xs={24} sm={12} lg={8} xxl={6}>
            <Form.Item name="unitId" label="单位" style={{ marginBlock: 8 }}>
              <CompanyPicker placeholder="全部单位" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={6}>
            <Form.Item name="name" label="姓名" style={{ marginBlock: 8 }}>
              <Input placeholder="姓名（模糊查询）" allowClear maxLength={30} data-testid={`${testIdPrefix}-name`} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={6}>
            <Form.Item name="idCard" label="身份证号" style={{ marginBlock: 8 }}>
              <Input
                placeholder="完整的18位身份证号"
                allowClear
                maxLength={18}
                data-testid={`${testIdPrefix}-idcard`}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={6}>
            <Form.Item name="sex" label="性别" style={{ marginBlock: 8 }}>
              <Select placeholder="全部" allowClear options={enumOptions(SEX)} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={6}>
            <Form.Item label="年龄" style={{ marginBlock: 8 }}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="ageFrom" noStyle>
                  <InputNumber min={0} max={150} precision={0} placeholder="最小" style={{ width: '50%' }} />
                </Form.Item>
                <Form.Item name="ageTo" noStyle>
                  <InputNumber min={0} max={150} precision={0} placeholder="最大" style={{ width: '50%' }} />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          {withoutComplete ? null : (
            <Col xs={24} sm={12} lg={8} xxl={6}>
              <Form.Item name="complete" label="完整度" style={{ marginBlock: 8 }}>
                <Select
                  placeholder="全部"
                  allowClear
                  options={[
                    { value: 'true', label: '完整' },
                    { value: 'false', label: '不完整' },
                  ]}
                  data-testid={`${testIdPrefix}-complete`}
                />
              </Form.Item>
            </Col>
          )}
          <Col flex="auto" style={{ textAlign: 'right' }}>
            <Form.Item style={{ marginBlock: 8 }}>
              <Space wrap>
                <Button type="primary" htmlType="submit" data-testid={`${testIdPrefix}-submit`}>
                  查询
                </Button>
                <Button
                  data-testid={`${testIdPrefix}-reset`}
                  onClick={() => {
                    form.resetFields();
                    onSearch({});
                  }}
                >
                  重置
                </Button>
              </Space>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
