import { ExpressionError, expressionVariables, validateExpression } from '@peis/shared';
import { Alert, Table, type TableProps, Typography } from 'antd';
import {
  CONDITION_CODES,
  codeHeading,
  codeValue,
  type PreviewResult,
  type PreviewSample,
} from '../../components/intervention/intervention-api';
import { unitCell } from '../../components/unit-name';

/** The codes a condition reads, in the order written (the sample table's value columns). */
export function conditionCodesOf(condition: string): string[] {
  try {
    return [...expressionVariables(validateExpression(condition, CONDITION_CODES)).keys()];
  } catch {
    return [];
  }
}

/** A condition checked as the server checks it; the message names the position (第N个字符处：…). */
export async function validateCondition(_: unknown, value: string | undefined) {
  try {
    validateExpression(value ?? '', CONDITION_CODES);
  } catch (e) {
    if (e instanceof ExpressionError) throw new Error(e.message);
    throw e;
  }
}

/** How many people in scope a condition matches, and a sample of them with the values it read. */
export function PreviewResultView({ condition, result }: { condition: string; result: PreviewResult }) {
  const codes = conditionCodesOf(condition);
  const columns: TableProps<PreviewSample>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '姓名', width: 90, fixed: 'left' },
    { key: 'unitName', dataIndex: 'unitName', title: '单位', width: 140, render: unitCell, ellipsis: true },
    { key: 'checkDate', dataIndex: 'checkDate', title: '体检日期', width: 110 },
    ...codes.map((code) => ({
      key: code,
      title: codeHeading(code),
      width: 110,
      render: (_: unknown, r: PreviewSample) => codeValue(code, r.values?.[code]),
    })),
  ];
  const shown = result.sample.length;
  return (
    <div data-testid="hi-preview-result">
      <Alert
        type={result.matched > 0 ? 'info' : 'success'}
        showIcon
        title={`${result.year}年有体检的 ${result.total} 人中，符合条件 ${result.matched} 人`}
        description={
          result.matched > shown
            ? `下表列出其中 ${shown} 人及条件用到的值（取每人当年最近一次体检和当年分组）`
            : '条件用到的值取每人当年最近一次体检和当年分组'
        }
        style={{ marginBottom: 12 }}
      />
      {shown ? (
        <Table<PreviewSample>
          rowKey="employeeId"
          size="small"
          columns={columns}
          dataSource={result.sample}
          pagination={false}
          scroll={{ x: 'max-content', y: 320 }}
          data-testid="hi-preview-sample"
        />
      ) : (
        <Typography.Text type="secondary">没有符合条件的人员。</Typography.Text>
      )}
    </div>
  );
}
