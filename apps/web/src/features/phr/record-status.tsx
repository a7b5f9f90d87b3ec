import { Tooltip } from 'antd';
import { PhrStatusTag } from '../../components/phr';
import type { PhrListRow } from './phr-api';

/** Status cell: 完整 / 不完整 (hover: the missing sections) / 未建档. */
export function RecordStatus({ row }: { row: Pick<PhrListRow, 'hasRecord' | 'complete' | 'missing'> }) {
  const tag = <PhrStatusTag hasRecord={row.hasRecord} complete={row.complete} />;
  if (!row.hasRecord || row.complete || !row.missing?.length) return tag;
  return <Tooltip title={`缺少：${row.missing.join('、')}`}>{tag}</Tooltip>;
}
