import { Button, Flex, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useHomeUrl } from './use-home-url';

/** `standalone` centres the result in the window (outside the console layout). */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const navigate = useNavigate();
  const home = useHomeUrl();
  const result = (
    <Result
      data-testid="not-found-page"
      status="404"
      title="404"
      subTitle="页面不存在"
      extra={
        <Button type="primary" data-testid="back-home" onClick={() => navigate(home)}>
          返回首页
        </Button>
      }
    />
  );
  return standalone ? (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      {result}
    </Flex>
  ) : (
    result
  );
}
