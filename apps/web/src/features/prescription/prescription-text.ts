import type { BulkFilter, EffectSummaryRow, GenerateJob } from '../../components/prescription';

export interface FilterValues {
  unitId?: number | null;
  riskLevel?: string | null;
  tag?: BulkFilter['tag'] | null;
  minLevel?: number | null;
}

/** The filter as the call takes it: empty choices left out; a level only with its group. */
export function bulkFilterOf(v: FilterValues): BulkFilter {
  return {
    ...(v.unitId ? { unitId: v.unitId } : {}),
    ...(v.riskLevel ? { riskLevel: v.riskLevel } : {}),
    ...(v.tag ? { tag: v.tag, minLevel: v.minLevel ?? 1 } : {}),
  };
}

/** The finished job for a person to read: how many drafts were made and how many people were passed over. */
export function jobDoneText(kindLabel: string, j: GenerateJob): string {
  const skipped = j.skipped ?? 0;
  return `共 ${j.total ?? 0} 人，生成${kindLabel}草稿 ${j.created ?? 0} 份${
    skipped ? `，跳过 ${skipped} 人（已有未完成的${kindLabel}，或按规则暂不宜开具）` : ''
  }。`;
}

/** 改善率 as a person reads it: the server's percent (one decimal), '-' when nobody has had a check since. */
export const rateText = (r: Pick<EffectSummaryRow, 'rate' | 'improved' | 'withNextCheck'>): string => {
  if (!r.withNextCheck) return '-';
  const percent = r.rate ?? Math.round((1000 * r.improved) / r.withNextCheck) / 10;
  return `${percent}%`;
};
