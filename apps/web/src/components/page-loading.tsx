import { Flex, Spin } from 'antd';

/** Shown while a lazily loaded page or the account's menus arrive. */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }}>
      <Spin size="large" />
    </Flex>
  );
}
