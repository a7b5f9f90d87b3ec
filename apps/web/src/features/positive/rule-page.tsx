import { EyeOutlined } from '@ant-design/icons';
import { positiveRuleResource } from '@peis/shared';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import type { RecordsView } from '../../components/list';
import { LiveOrDeletedList } from '../../resource-ui/live-or-deleted-list';
import type { ResourceRecord } from '../../resource-ui/resource-api';
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
  const [preview, setPreview] = useState<{ open: boolean; seed: PreviewSeed | null }>({ open: false, seed: null });
  const rowActions = useCallback(
    (r: ResourceRecord) => (
      <Button
        type="link"
        size="small"
        data-testid="row-preview"
        onClick={() => setPreview({ open: true, seed: seedOf(r) })}
      >
        预览
      </Button>
    ),
    [],
  );
  const toolbar = (view: RecordsView) => (
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
    </>
  );
  return (
    <>
      <LiveOrDeletedList resource={positiveRuleResource} toolbarExtra={toolbar} liveRowActions={rowActions} />
      <RulePreviewDialog
        seed={preview.seed}
        open={preview.open}
        onClose={() => setPreview((p) => ({ ...p, open: false }))}
      />
    </>
  );
}
