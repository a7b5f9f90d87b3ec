import { findRoute } from '@peis/shared';
import { Breadcrumb } from 'antd';
import { useLocation } from 'react-router';
import { AREA_LABELS, areaOfPath } from './navigation';

/** 区域 → 分组 → 页面, from the route list; an unknown path ends in 页面不存在. */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const titles = [AREA_LABELS[areaOfPath(pathname)], route?.group, route?.title ?? '页面不存在'];
  return (
    <Breadcrumb
      data-testid="breadcrumb"
      style={{ marginBottom: 16 }}
      items={titles.filter((t): t is string => Boolean(t)).map((title) => ({ title }))}
    />
  );
}
