import { Flex, Result } from 'antd';
import { BackHomeButton } from './back-home-button';

/** `standalone` centres the result in the window (outside the console layout). */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  const result = (
    <Result data-testid="not-found-page" status="404" title="404" subTitle="页面不存在" extra={<BackHomeButton />} />
  );
  return standalone ? (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      {result}
    </Flex>
  ) : (
    result
  );
}
