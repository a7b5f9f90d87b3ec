import type { Area } from '@peis/shared';
import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { AREA_LABELS, areasWithMenus, firstMenuUrl } from './navigation';
import { useSession } from './use-session';

/** 公司端 / 健康管理端 switch, shown only to accounts with menus in both areas. */
export function AreaSwitch({ area, block = false }: { area: Area; block?: boolean }) {
  const navigate = useNavigate();
  const { menus } = useSession();
  const areas = areasWithMenus(menus);
  if (areas.length < 2) return null;
  return (
    <Segmented<Area>
      data-testid="area-switch"
      block={block}
      value={area}
      options={areas.map((a) => ({ value: a, label: AREA_LABELS[a] }))}
      onChange={(next) => navigate(firstMenuUrl(next, menus) ?? `/${next}`)}
    />
  );
}
