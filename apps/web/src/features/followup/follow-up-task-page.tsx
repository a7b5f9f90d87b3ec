import { Tabs } from 'antd';
import { type UrlCodec, useUrlFilters } from '../../components/list';
import { ContractTab } from './contract-tab';
import { PlansTab } from './plans-tab';

type TabKey = 'plans' | 'contracts';
const TAB: UrlCodec<{ tab?: TabKey }> = { tab: 'string' };

/** /main/follow-up/task 随访任务: follow-up plans, and the year's health-service packages on a second tab. */
export default function FollowUpTaskPage() {
  // The tab is in the URL with each tab's list state (the packages' keys carry the prefix contract.).
  const { values, set } = useUrlFilters(TAB, { tab: 'plans' }, { keepPage: true });
  const tab = values.tab === 'contracts' ? 'contracts' : 'plans';
  return (
    <div data-testid="followup-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => set({ tab: k as TabKey })}
        // Each tab keeps its filters while the other is shown; the packages load on first visit.
        destroyOnHidden={false}
        items={[
          { key: 'plans', label: <span data-testid="plans-tab">随访计划</span>, children: <PlansTab /> },
          {
            key: 'contracts',
            label: <span data-testid="contract-tab">健康服务包</span>,
            children: <ContractTab />,
          },
        ]}
      />
    </div>
  );
}
