import type { RouteDef } from '@peis/shared';
import { Card, Empty } from 'antd';

/** The page of a route whose screen has not shipped yet: its title and an honest empty state, nothing invented. */
export function UnreleasedPage({ route }: { route: RouteDef }) {
  return (
    <Card title={route.title} data-testid="unreleased-page" data-route={route.path}>
      <Empty description="此功能尚未上线" style={{ padding: '48px 0' }} />
    </Card>
  );
}
