import { Empty, Flex, Typography } from 'antd';
import { NO_DATA_TEXT } from './rate-bar';

/**
 * What a chart card shows in place of its chart: nothing while the first answer is on its way, a failure
 * line, or 无数据 when the answer has nothing to draw (not bars at 0 that look like a count).
 */
export function ChartEmpty({
  height,
  error,
  answered,
  testId,
}: {
  height: number;
  error: boolean;
  /** The server has answered (an answer with nothing in it). */
  answered: boolean;
  testId: string;
}) {
  return (
    <Flex align="center" justify="center" style={{ height }}>
      {error ? (
        <Typography.Text type="secondary">加载失败，请稍后重试</Typography.Text>
      ) : answered ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_DATA_TEXT} data-testid={testId} />
      ) : null}
    </Flex>
  );
}
