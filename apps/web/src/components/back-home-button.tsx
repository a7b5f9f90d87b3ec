import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useHomeUrl } from './use-home-url';

/** 返回首页 of the error pages (403, 404): the account's own landing page. */
export function BackHomeButton() {
  const navigate = useNavigate();
  const home = useHomeUrl();
  return (
    <Button type="primary" data-testid="back-home" onClick={() => navigate(home)}>
      返回首页
    </Button>
  );
}
