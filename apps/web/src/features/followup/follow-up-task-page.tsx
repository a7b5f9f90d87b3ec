import { Tabs } from 'antd';
import { useState } from 'react';
import { ContractTab } from './contract-tab';
import { PlansTab } from './plans-tab';

type TabKey = 'plans' | 'contracts';

/** /main/follow-up/task 随访任务: follow-up plans, and the year's health-service packages on a second tab. */
export default function FollowUpTaskPage() {
  const [tab, setTab] = useState<TabKey>('plans');
  return (
    <div data-testid="followup-page">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as TabKey)}
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
