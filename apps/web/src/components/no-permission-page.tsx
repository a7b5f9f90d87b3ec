import { Result } from 'antd';
import { BackHomeButton } from './back-home-button';

export function NoPermissionPage() {
  return (
    <Result
      data-testid="no-permission-page"
      status="403"
      title="403"
      subTitle="无权访问此页面"
      extra={<BackHomeButton />}
    />
  );
}
