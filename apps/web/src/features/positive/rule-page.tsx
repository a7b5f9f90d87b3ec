import { EyeOutlined } from '@ant-design/icons';
import { positiveRuleResource } from '@peis/shared';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { DeletedViewToggle, type RecordsView } from '../../components/list';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { RuleJobsProgress } from './rule-jobs-progress';
import { type PreviewSeed, RulePreviewDialog } from './rule-preview-dialog';

const seedOf = (r: ResourceRecord): PreviewSeed => ({
  judge: String(r.judge ?? ''),
  gender: Number(r.gender ?? 0),
  ageMin: Number(r.ageMin ?? 0),
  ageMax: Number(r.ageMax ?? 150),
});

/**
 * /main/positive/setting 阳性规则: the generic rule list (新增/编辑/删除/导出 with the server's judge check),
 * the progress of the re-evaluation a change starts, and 预览 — how many people a condition would flag.
 */
export default function RulePage() {
  const [view, setView] = useState<RecordsView>('live');
  const [preview, setPreview] = useState<{ open: boolean; seed: PreviewSeed | null }>({ open: false, seed: null });
  const rowActions = useCallback(
    (r: ResourceRecord) =>
      view === 'live' ? (
        <Button
          type="link"
          size="small"
          data-testid="row-preview"
          onClick={() => setPreview({ open: true, seed: seedOf(r) })}
        >
          预览
        </Button>
      ) : null,
    [view],
  );
  const toolbar = (
    <>
      <RuleJobsProgress />
      {view === 'live' ? (
        <Button
          icon={<EyeOutlined />}
          data-testid="rule-preview"
          onClick={() => setPreview({ open: true, seed: null })}
        >
          预览
        </Button>
      ) : null}
      <DeletedViewToggle resource={positiveRuleResource} view={view} onChange={setView} />
    </>
  );
  return (
    <>
      <ResourceListPage
        key={view}
        resource={positiveRuleResource}
        title={view === 'deleted' ? '已删除的阳性规则' : '阳性规则'}
        deletedView={view === 'deleted'}
        toolbarExtra={toolbar}
        rowActions={rowActions}
      />
      <RulePreviewDialog
        seed={preview.seed}
        open={preview.open}
        onClose={() => setPreview((p) => ({ ...p, open: false }))}
      />
    </>
  );
}
