import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import * as E from '@peis/shared';
import { Button, Col, Form, Input, Row, Typography } from 'antd';
import { DateInput } from '../../../resource-ui/field-kinds/date-input';
import type { PAST_GROUPS } from '../phr-labels';
import type { PastHistoryKey } from '../phr-types';
import { EnumRadio, EnumSelect, REQUIRED_MESSAGE, required, When } from './form-parts';

type Group = (typeof PAST_GROUPS)[number];

/** A blank entry of a group (SPEC §4: added when 有 is chosen with an empty list, or with +). */
export const blankEntry = (key: PastHistoryKey): Record<string, unknown> =>
  key === 'illness' ? { time: undefined, illnessName: undefined } : {};

function EntryRow({
  group,
  fieldName,
  index,
  onAdd,
  onRemove,
}: {
  group: Group;
  fieldName: number;
  index: number;
  onAdd: () => void;
  onRemove: () => void;
}) {
  const listPath = ['pastHistory', group.key, 'list'];
  return (
    <Row gutter={[8, 0]} align="top" wrap data-testid={`${group.key}-row`}>
      <Col xs={24} sm={8}>
        <Form.Item name={[fieldName, 'time']} label={group.timeLabel} rules={required}>
          <DateInput placeholder={group.timeLabel} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={group.key === 'illness' ? 7 : 13}>
        {group.key === 'illness' ? (
          <Form.Item name={[fieldName, 'illnessName']} label={group.nameLabel} rules={required}>
            <EnumSelect options={E.PAST_ILLNESS} placeholder="请选择疾病" />
          </Form.Item>
        ) : (
          <Form.Item
            name={[fieldName, group.nameKey]}
            label={group.nameLabel}
            rules={[
              { required: true, whitespace: true, message: REQUIRED_MESSAGE },
              { max: 50, message: `${group.nameLabel}不能超过50个字` },
            ]}
          >
            <Input placeholder={`请输入${group.nameLabel}`} maxLength={50} />
          </Form.Item>
        )}
      </Col>
      {group.key === 'illness' ? (
        <Col xs={24} sm={6}>
          <When name={[...listPath, fieldName, 'illnessName']} test={(v) => Number(v) === E.OTHER_ILLNESS_CODE}>
            <Form.Item
              name={[fieldName, 'remark']}
              label="其他疾病名称"
              rules={[
                { required: true, whitespace: true, message: '请填写其他疾病名称' },
                { max: 50, message: '其他疾病名称不能超过50个字' },
              ]}
            >
              <Input placeholder="请输入疾病名称" maxLength={50} data-testid="illness-remark" />
            </Form.Item>
          </When>
        </Col>
      ) : null}
      <Col xs={24} sm={3}>
        <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
          {index === 0 ? (
            <Button icon={<PlusOutlined />} onClick={onAdd} aria-label="添加一条" data-testid={`${group.key}-add`} />
          ) : (
            <Button
              icon={<MinusOutlined />}
              danger
              onClick={onRemove}
              aria-label="删除此条"
              data-testid={`${group.key}-remove`}
            />
          )}
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * One past-history group (疾病史, 手术史, 外伤史, 输血史): 有/无 and, with 有, its entries. The first row has the
 * add button, later rows a remove button (SPEC §4).
 */
export function PastHistoryGroup({ group }: { group: Group }) {
  const base = ['pastHistory', group.key];
  return (
    <div data-testid={`phr-past-${group.key}`}>
      <Form.Item name={[...base, 'has']} label={group.label} style={{ marginBottom: 8 }}>
        <EnumRadio options={E.HAS} />
      </Form.Item>
      <When name={[...base, 'has']} test={(v) => Number(v) === 1}>
        <div style={{ paddingInlineStart: 16, marginBottom: 8 }}>
          <Form.List name={[...base, 'list']}>
            {(fields, { add, remove }) =>
              fields.length === 0 ? (
                <Typography.Text type="secondary">
                  暂无记录，
                  <Button
                    type="link"
                    size="small"
                    onClick={() => add(blankEntry(group.key))}
                    data-testid={`${group.key}-add`}
                  >
                    添加一条
                  </Button>
                </Typography.Text>
              ) : (
                fields.map((field, index) => (
                  <EntryRow
                    key={field.key}
                    group={group}
                    fieldName={field.name}
                    index={index}
                    onAdd={() => add(blankEntry(group.key))}
                    onRemove={() => remove(field.name)}
                  />
                ))
              )
            }
          </Form.List>
        </div>
      </When>
    </div>
  );
}
