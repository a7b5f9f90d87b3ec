import { DICT_TYPES, dictResource, type RouteDef } from '@peis/shared';
import { Card, Flex, Grid, Menu, Select } from 'antd';
import { useMemo, useState } from 'react';
import { LiveOrDeletedList } from '../../resource-ui/live-or-deleted-list';

type DictType = (typeof DICT_TYPES)[number]['value'];

/**
 * /main/settings/dict: 字典管理 one dictionary at a time — the types on the left (a picker above the list on a
 * phone), the list of the chosen type beside them; 新增 starts with that type.
 */
export default function DictPage({ route }: { route: RouteDef }) {
  const narrow = Grid.useBreakpoint().md === false;
  const [type, setType] = useState<DictType>(DICT_TYPES[0].value);
  const fixed = useMemo(() => ({ dictType: type }), [type]);
  const label = DICT_TYPES.find((t) => t.value === type)?.label ?? '';
  const types = narrow ? (
    <Select<DictType>
      value={type}
      onChange={setType}
      options={DICT_TYPES.map((t) => ({ value: t.value, label: t.label }))}
      style={{ width: '100%' }}
      aria-label="字典类型"
      data-testid="dict-type-select"
    />
  ) : (
    <Menu
      mode="inline"
      selectedKeys={[type]}
      onClick={({ key }) => setType(key as DictType)}
      items={DICT_TYPES.map((t) => ({ key: t.value, label: t.label, 'data-testid': `dict-type-${t.value}` }))}
      style={{ borderInlineEnd: 'none' }}
    />
  );
  return (
    <Flex gap={16} vertical={narrow} align="flex-start" data-testid="dict-page">
      <Card
        size="small"
        title="字典类型"
        style={{ width: narrow ? '100%' : 180, flex: 'none' }}
        styles={{ body: { padding: narrow ? 12 : 4 } }}
        data-testid="dict-types"
      >
        {types}
      </Card>
      <div style={{ flex: 1, minWidth: 0, width: narrow ? '100%' : undefined }}>
        {/* A fresh list per type: its own filters and paging. */}
        <LiveOrDeletedList key={type} resource={dictResource} title={`${route.title} · ${label}`} fixed={fixed} />
      </div>
    </Flex>
  );
}
