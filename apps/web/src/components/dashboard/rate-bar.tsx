import { Progress, Typography } from 'antd';

/** What a percentage of nothing shows (0 of 0 is not 0 %). */
export const NO_DATA_TEXT = '无数据';

/** A completion rate's text: "无数据" when there is nobody to count, else the whole percent. */
export const rateText = (rate: number, total: number): string => (total > 0 ? `${rate}%` : NO_DATA_TEXT);

/**
 * A completion rate as a small bar with its percent; "无数据" when the count it is a share of is 0
 * (an empty unit has no rate, which a bar at 0 % would misstate).
 */
export function RateBar({ rate, total, minWidth = 110 }: { rate: number; total: number; minWidth?: number }) {
  if (!(total > 0)) {
    return (
      <Typography.Text type="secondary" data-testid="rate-no-data">
        {NO_DATA_TEXT}
      </Typography.Text>
    );
  }
  return (
    <Progress
      percent={rate}
      size="small"
      format={(p) => `${p ?? 0}%`}
      status={rate >= 100 ? 'success' : 'normal'}
      style={{ margin: 0, minWidth }}
    />
  );
}
