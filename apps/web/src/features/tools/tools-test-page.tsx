import type { RouteDef } from '@peis/shared';
import { Button, Card, Flex, Typography } from 'antd';
import { CounterStateDemo } from '../../components/counter-state-demo';
import { Permission } from '../../components/Permission';

/** /main/tools/test: the UI-kit check page with the SPEC §2 demo widgets. */
export default function ToolsTestPage({ route }: { route: RouteDef }) {
  return (
    <Flex vertical gap={16}>
      <Card title={route.title}>
        <Typography.Paragraph type="secondary">用于检查界面组件与按钮权限是否正常工作。</Typography.Paragraph>
      </Card>
      <Card title="状态组件" size="small">
        <CounterStateDemo />
      </Card>
      <Card title="按钮权限" size="small">
        <Typography.Paragraph type="secondary">
          下方按钮需要本页的按钮权限（角色管理中“{route.title}”下的按钮），无此权限时不显示。
        </Typography.Paragraph>
        <Permission required="tools:test">
          <Button type="primary" data-testid="permission-demo-button">
            有权限才显示的按钮
          </Button>
        </Permission>
      </Card>
    </Flex>
  );
}
