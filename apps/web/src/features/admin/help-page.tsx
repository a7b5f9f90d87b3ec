import { ReadOutlined, SettingOutlined } from '@ant-design/icons';
import { HELP_CATEGORIES, helpResource, type RouteDef } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Collapse, Empty, Flex, Input, Skeleton, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { usePermission } from '../../components/Permission';
import { fetchList, type ResourceRecord, resourceKeys } from '../../resource-ui/resource-api';
import { ResourceListPage } from '../../resource-ui/resource-list-page';

/** The server's page limit; help articles are few, so one page holds them all. */
const ALL = 500;

const byOrder = (a: ResourceRecord, b: ResourceRecord) =>
  Number(a.sortOrder ?? 0) - Number(b.sortOrder ?? 0) || Number(a.id) - Number(b.id);

/** Articles whose title or content contains the text (two filtered requests: the filters combine with AND). */
async function fetchArticles(search: string, signal: AbortSignal): Promise<ResourceRecord[]> {
  const get = (filters: Record<string, string>) =>
    fetchList(helpResource, { page: 1, pageSize: ALL, filters }, signal).then((p) => p.records);
  const lists = search ? await Promise.all([get({ title: search }), get({ content: search })]) : [await get({})];
  const unique = new Map(lists.flat().map((r) => [String(r.id), r]));
  return [...unique.values()].sort(byOrder);
}

/** The text with each occurrence of the search term marked. */
function highlight(text: string, term: string): ReactNode {
  if (!term) return text;
  const re = new RegExp(`(${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi');
  // split() with a capturing group puts the matches at the odd indexes; a match's key is its offset in the text.
  let offset = 0;
  return text.split(re).map((part, i) => {
    const at = offset;
    offset += part.length;
    return i % 2 ? <mark key={at}>{part}</mark> : part;
  });
}

const categoryLabel = (v: unknown) => HELP_CATEGORIES.find((c) => c.value === Number(v))?.label ?? '';

/** /main/help: articles to read (search, category tabs, collapsible), and for editors the generic list (管理). */
export default function HelpPage({ route }: { route: RouteDef }) {
  const canAdd = usePermission('help:add');
  const canEdit = usePermission('help:edit');
  const [managing, setManaging] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const articles = useQuery({
    // Under the help resource's keys, so edits made in 管理 show when going back.
    queryKey: [...resourceKeys.all(helpResource), 'reader', search],
    queryFn: ({ signal }) => fetchArticles(search, signal),
  });
  const records = articles.data ?? [];
  const shown = useMemo(
    () => (category === 'all' ? records : records.filter((r) => String(r.category) === category)),
    [records, category],
  );
  const count = (value: number) => records.filter((r) => Number(r.category) === value).length;

  const toggle =
    canAdd || canEdit ? (
      <Button
        icon={managing ? <ReadOutlined /> : <SettingOutlined />}
        onClick={() => setManaging((m) => !m)}
        data-testid="help-manage"
      >
        {managing ? '返回阅读' : '管理'}
      </Button>
    ) : null;

  if (managing) {
    return (
      <Flex vertical gap={16} data-testid="help-page">
        <ResourceListPage resource={helpResource} title={`${route.title} · 文章管理`} toolbarExtra={toggle} />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="help-page">
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {route.title}
          </Typography.Title>
          <Flex gap={8} wrap style={{ flex: '1 1 320px', justifyContent: 'flex-end' }}>
            <Input.Search
              allowClear
              placeholder="搜索标题或内容"
              enterButton="搜索"
              defaultValue={search}
              onSearch={(v) => setSearch(v.trim())}
              loading={articles.isFetching && Boolean(search)}
              style={{ maxWidth: 420 }}
              data-testid="help-search"
            />
            {toggle}
          </Flex>
        </Flex>
      </Card>
      <Card>
        <Tabs
          activeKey={category}
          onChange={setCategory}
          items={[
            { key: 'all', label: `全部（${records.length}）` },
            ...HELP_CATEGORIES.map((c) => ({ key: String(c.value), label: `${c.label}（${count(c.value)}）` })),
          ]}
          data-testid="help-tabs"
        />
        {articles.isPending ? (
          <Skeleton active />
        ) : shown.length === 0 ? (
          <Empty description={search ? `没有找到与“${search}”相关的文章` : '暂无文章'} />
        ) : (
          <Collapse
            // A search opens every article found, so the marked matches show at once.
            key={search}
            defaultActiveKey={search ? shown.map((r) => String(r.id)) : undefined}
            items={shown.map((r) => ({
              key: String(r.id),
              label: (
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong>{highlight(String(r.title ?? ''), search)}</Typography.Text>
                  {category === 'all' ? <Tag>{categoryLabel(r.category)}</Tag> : null}
                </Flex>
              ),
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0, lineHeight: 1.8 }}>
                  {highlight(String(r.content ?? ''), search)}
                </Typography.Paragraph>
              ),
            }))}
            data-testid="help-articles"
          />
        )}
      </Card>
    </Flex>
  );
}
