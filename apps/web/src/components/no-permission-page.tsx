import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useHomeUrl } from './use-home-url';

export function NoPermissionPage() {
  const navigate = useNavigate();
  const home = useHomeUrl();
  return (
    <Result
      data-testid="no-permission-page"
      status="403"
      title="403"
      subTitle="无权访问此页面"
      extra={
        <Button type="primary" data-testid="back-home" onClick={() => navigate(home)}>
          返回首页
        </Button>
      }
    />
  );
}
