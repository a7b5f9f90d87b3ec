import { roleResource } from '@peis/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Grid, Result, Space, Tree, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { ApiError } from '../../app/http';
import {
  fetchRecord,
  invalidateResource,
  leftoverMessage,
  type ResourceRecord,
  resourceKeys,
} from '../../resource-ui/resource-api';
import { ME_QUERY_KEY } from '../auth/auth-api';
import { saveRolePermissions } from './admin-api';
import {
  ALL_PARENT_KEYS,
  BRANCH_KEYS,
  checkState,
  PERMISSION_TREE,
  SHOWN_CODES,
  splitCodes,
  toggle,
} from './permission-tree';

export interface RolePermissionDrawerProps {
  /** The role row the drawer was opened from (the drawer loads the current record itself). */
  role: ResourceRecord | null;
  open: boolean;
  onClose: () => void;
}

const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);

/** 权限设置: the role's menus and buttons as a checkable tree; 保存 → PUT /role/{id}/permissions with the version. */
export function RolePermissionDrawer({ role, open, onClose }: RolePermissionDrawerProps) {
  const screens = Grid.useBreakpoint();
  const id = role?.id;
  // Loaded afresh on every opening: the version must be the current one.
  const current = useQuery({
    queryKey: [...resourceKeys.all(roleResource), 'permissions', String(id ?? '')],
    queryFn: ({ signal }) => fetchRecord(roleResource, id as ResourceRecord['id'], signal),
    enabled: open && id !== undefined,
    gcTime: 0,
  });
  const record = current.data;
  return (
    <Drawer
      title={`权限设置：${String(role?.name ?? '')}`}
      open={open}
      onClose={onClose}
      size={screens.md ? 560 : '100%'}
      loading={open && (current.isPending || current.isFetching)}
      destroyOnHidden
    >
      {current.isError ? (
        <Result status="warning" title="角色加载失败" subTitle="请关闭后重试" />
      ) : record ? (
        <PermissionEditor
          // A fresh editor per loaded version: after a 409 the reloaded permissions replace the edits.
          key={`${String(record.id)}@${current.dataUpdatedAt}`}
          record={record}
          onSaved={onClose}
          onCancel={onClose}
          onStale={() => current.refetch()}
        />
      ) : null}
    </Drawer>
  );
}

interface PermissionEditorProps {
  record: ResourceRecord;
  onSaved: () => void;
  onCancel: () => void;
  onStale: () => void;
}

function PermissionEditor({ record, onSaved, onCancel, onStale }: PermissionEditorProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [granted, setGranted] = useState<Set<string>>(
    () => new Set([...stringList(record.menus), ...stringList(record.buttons)]),
  );
  const [expanded, setExpanded] = useState<Key[]>(BRANCH_KEYS);
  const checkedKeys = useMemo(() => checkState(granted), [granted]);

  const save = useMutation({
    mutationFn: () => saveRolePermissions(record.id, { ...splitCodes(granted), version: Number(record.version) }),
    onSuccess: (answer) => {
      message.success(answer?.msg || '权限已保存');
      void invalidateResource(queryClient, roleResource);
      // The signed-in account's own role may be the one edited: refresh its menus and buttons.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      onSaved();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) {
        message.error('该角色的权限已被他人修改，已重新加载，请确认后再保存');
        onStale();
        return;
      }
      const text = leftoverMessage(e);
      if (text) message.error(text);
    },
  });

  return (
    <Flex vertical gap={12} style={{ height: '100%' }} data-testid="role-permissions">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          已选 {[...granted].filter((c) => SHOWN_CODES.has(c)).length} 项权限
        </Typography.Text>
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setExpanded(ALL_PARENT_KEYS)}>
            全部展开
          </Button>
          <Button type="link" size="small" onClick={() => setExpanded(BRANCH_KEYS)}>
            只展开到页面
          </Button>
        </Space>
      </Flex>
      <div style={{ flex: 1, overflow: 'auto' }}>
        <Tree
          checkable
          checkStrictly
          selectable={false}
          blockNode
          treeData={PERMISSION_TREE}
          checkedKeys={checkedKeys}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          onCheck={(_, info) => setGranted((g) => toggle(g, String(info.node.key), info.checked))}
          data-testid="role-permission-tree"
        />
      </div>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel} disabled={save.isPending}>
          取 消
        </Button>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="role-permission-save"
        >
          保 存
        </Button>
      </Flex>
    </Flex>
  );
}
