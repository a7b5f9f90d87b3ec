import { Button, Space, Typography } from 'antd';
import { useState } from 'react';

/** SPEC §2 demo counter-state widget: shows state A and a button that increments it. */
export function CounterStateDemo() {
  const [stateA, setStateA] = useState(0);
  return (
    <Space size="middle" wrap>
      <Typography.Text strong data-testid="counter-value">
        状态 A：{stateA}
      </Typography.Text>
      <Button data-testid="counter-button" onClick={() => setStateA((n) => n + 1)}>
        更新状态 A
      </Button>
    </Space>
  );
}
