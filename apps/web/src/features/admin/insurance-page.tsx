import { insuranceResource, type RouteDef } from '@peis/shared';
import { Flex } from 'antd';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { InsuranceSummary } from './insurance-summary';

/** /company/healthInsurance: 按单位汇总 above the generic enrolment list. */
export default function InsurancePage({ route }: { route: RouteDef }) {
  return (
    <Flex vertical gap={16}>
      <InsuranceSummary />
      <ResourceListPage resource={insuranceResource} title={route.title} />
    </Flex>
  );
}
