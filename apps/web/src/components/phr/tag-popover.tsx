import { TagsOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { PhrTags } from './phr-types';

export interface TagPopoverProps {
  tags: PhrTags | null | undefined;
  /** Text before the count; default 标签. */
  label?: string;
}

/** Number of tags of a person: every level tag, the audience tag and the user-level tag. */
export function tagCount(tags: PhrTags | null | undefined): number {
  if (!tags) return 0;
  return (tags.level_tag?.filter(Boolean).length ?? 0) + (tags.audience_tag ? 1 : 0) + (tags.user_level_tag ? 1 : 0);
}

/** One kind of tag in the popover: its name, then its tags. */
function TagLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      {children}
    </div>
  );
}

/**
 * SPEC §2 tag popover: the total tag count as a link; the popover lists the level tags in red, the audience
 * tag, and the user-level tag in warning style.
 */
export function TagPopover({ tags, label = '标签' }: TagPopoverProps) {
  const count = tagCount(tags);
  const levels = tags?.level_tag?.filter(Boolean) ?? [];
  const content =
    count === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无标签" />
    ) : (
      <Flex vertical gap={8} style={{ maxWidth: 320 }} data-testid="tag-popover-content">
        {levels.length > 0 ? (
          <TagLine label="等级标签">
            <Flex wrap gap={4} style={{ marginTop: 4 }}>
              {levels.map((t) => (
                <Tag key={t} color="error" data-testid="tag-level">
                  {t}
                </Tag>
              ))}
            </Flex>
          </TagLine>
        ) : null}
        {tags?.audience_tag ? (
          <TagLine label="人群标签">
            <Tag color="processing" data-testid="tag-audience">
              {tags.audience_tag}
            </Tag>
          </TagLine>
        ) : null}
        {tags?.user_level_tag ? (
          <TagLine label="用户等级">
            <Tag color="warning" data-testid="tag-user-level">
              {tags.user_level_tag}
            </Tag>
          </TagLine>
        ) : null}
      </Flex>
    );
  return (
    <Popover title={`${label}（${count}）`} content={content} trigger={['hover', 'click']}>
      <Button type="link" size="small" icon={<TagsOutlined />} data-testid="tag-popover" style={{ paddingInline: 0 }}>
        <Badge count={count} showZero size="small" color={count > 0 ? 'red' : 'gray'} offset={[6, -2]}>
          <span>{label}</span>
        </Badge>
      </Button>
    </Popover>
  );
}
