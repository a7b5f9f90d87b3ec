import type { RouteDef } from '@peis/shared';
import { Col, Flex, Row } from 'antd';
import { useState } from 'react';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { TransferEmployeeTable } from './transfer-employee-table';
import { TransferForm } from './transfer-form';
import { TransferHistory } from './transfer-history';

/** /company/account/transfer: pick employees, move them to another unit, and the history of moves. */
export default function AccountTransferPage(_: { route: RouteDef }) {
  const [selected, setSelected] = useState<ResourceRecord[]>([]);
  return (
    <Flex vertical gap={16} data-testid="transfer-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <TransferEmployeeTable selected={selected} onSelect={setSelected} />
        </Col>
        <Col xs={24} xl={9}>
          <TransferForm selected={selected} onClear={() => setSelected([])} />
        </Col>
      </Row>
      <TransferHistory />
    </Flex>
  );
}
