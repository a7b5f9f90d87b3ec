import { Space, Tag, Typography } from 'antd';

/** A due date; past due (and still open) in red with 已逾期. A list's `due` column (ListLayout) renders it. */
export function DueDate({ date, overdue }: { date: string | null | undefined; overdue: boolean }) {
  if (!overdue) return <span>{date ?? '-'}</span>;
  return (
    <Space size={4} wrap={false}>
      <Typography.Text type="danger" strong>
        {date ?? '-'}
      </Typography.Text>
      <Tag color="error" data-testid="task-overdue">
        已逾期
      </Tag>
    </Space>
  );
}
