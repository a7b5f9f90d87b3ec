import { Card, Flex, Skeleton, theme } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';

export interface CountCardProps {
  icon: ReactNode;
  value: ReactNode;
  title: ReactNode;
  /** Accent of the icon tile. */
  color?: string;
  /** Makes the card a button (e.g. navigate to the matching list). */
  onClick?: () => void;
  loading?: boolean;
  /** data-key of the card, to tell the cards apart. */
  dataKey?: string;
}

/** SPEC §2 count card: an icon, a number and a title. */
export function CountCard({ icon, value, title, color, onClick, loading, dataKey }: CountCardProps) {
  const { token } = theme.useToken();
  const accent = color ?? token.colorPrimary;
  const onKeyDown = onClick
    ? (e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onClick();
        }
      }
    : undefined;
  return (
    <Card
      hoverable={Boolean(onClick)}
      data-testid="count-card"
      data-key={dataKey}
      role={onClick ? 'button' : undefined}
      tabIndex={onClick ? 0 : undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
      style={{ height: '100%', cursor: onClick ? 'pointer' : undefined }}
      styles={{ body: { padding: '18px 20px' } }}
    >
      <Flex align="center" gap={16}>
        <Flex
          align="center"
          justify="center"
          style={{
            width: 52,
            height: 52,
            flex: 'none',
            borderRadius: 12,
            fontSize: 26,
            color: accent,
            background: `color-mix(in srgb, ${accent} 12%, transparent)`,
          }}
        >
          {icon}
        </Flex>
        <Flex vertical style={{ minWidth: 0 }}>
          {loading ? (
            <Skeleton.Input active size="small" style={{ width: 64, minWidth: 64 }} />
          ) : (
            <span
              data-testid="count-card-value"
              style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.2, color: token.colorTextHeading }}
            >
              {value}
            </span>
          )}
          <span data-testid="count-card-title" style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
            {title}
          </span>
        </Flex>
      </Flex>
    </Card>
  );
}
