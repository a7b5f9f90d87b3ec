import {
  ACTIVITY_LEVELS,
  BODY_TYPES,
  DIET_CLASSIFY,
  INDICATOR_BY_CODE,
  INTENSITIES,
  TCM_CONSTITUTIONS,
} from '@peis/shared';
import { Alert, Descriptions, Flex, Table, type TableProps, Tag, Typography } from 'antd';
import type { Adjustment, DietEnergy, DietProposal, FitnessItem, FitnessProposal } from './prescription-api';
import './prescription.css';

/** The label of a coded option (numbered(...) lists): '' when the value is not one of them. */
export const optLabel = (options: readonly { value: number | string; label: string }[], v: unknown): string =>
  options.find((o) => String(o.value) === String(v))?.label ?? '';

/** A number for a person to read: at most `digits` decimals, no trailing zeros. */
export const num = (v: number | null | undefined, digits = 1): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '-' : String(Math.round(v * 10 ** digits) / 10 ** digits);

/** An indicator code as its Chinese name (收缩压), the code itself when unknown. */
export const indicatorName = (code: string): string => INDICATOR_BY_CODE[code]?.name ?? code;

const classifyLabel = (c: string) => DIET_CLASSIFY.find((d) => d.value === c)?.label ?? c;

/** 1 低 2 中 3 高 as a tag coloured by effort. */
export function IntensityTag({ intensity }: { intensity: number }) {
  const color = intensity === 3 ? 'volcano' : intensity === 2 ? 'gold' : 'green';
  return <Tag color={color}>{optLabel(INTENSITIES, intensity) || '-'}强度</Tag>;
}

/** Indicators the exercise rules read whatever the conditions: blood pressure and fasting glucose. */
const RULE_CODES = ['SBP', 'DBP', 'FPG'];

/**
 * The person's own values a prescription was derived from, in one line: 收缩压 165 mmHg · 空腹血糖 6.5 mmol/L …
 * (blood pressure and glucose, then the targeted indicators); China-PAR when the exercise rules read it.
 */
export function basisText(
  values: Readonly<Record<string, number | null | undefined>>,
  targets: readonly string[],
  chinaPar?: number | null,
): string {
  const codes = [...new Set([...RULE_CODES, ...targets])];
  const parts = codes.flatMap((code) => {
    const v = values[code];
    if (v === null || v === undefined) return [];
    const i = INDICATOR_BY_CODE[code];
    return [`${i?.name ?? code} ${num(v, i?.decimals ?? 2)}${i?.unit ? ` ${i.unit}` : ''}`];
  });
  if (chinaPar !== undefined)
    parts.push(chinaPar === null ? '心血管病10年风险 未评估' : `心血管病10年风险 ${num(chinaPar)}%`);
  return parts.join(' · ');
}

/** A cookbook as a person reads it: its name and kcal range (once — many names carry their range already). */
export const cookbookLabel = (c: { name: string; kcalMin: number; kcalMax: number }): string =>
  c.name.includes(String(c.kcalMin)) ? c.name : `${c.name}（${c.kcalMin}–${c.kcalMax} 千卡）`;

/** The indicators the prescription aims at, by name. */
export function TargetTags({ targets }: { targets: readonly string[] }) {
  if (!targets.length) return <Typography.Text type="secondary">无（以一般人群原则为主）</Typography.Text>;
  return (
    <Flex wrap gap={4} className="rx-tags" data-testid="prescription-targets">
      {targets.map((t) => (
        <Tag key={t}>{indicatorName(t)}</Tag>
      ))}
    </Flex>
  );
}

/** Every rule that changed the plan, with the person's own value in its reason. */
export function AdjustmentList({ adjustments }: { adjustments: readonly Adjustment[] }) {
  if (!adjustments.length) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <ol className="prescription-adjustments" data-testid="prescription-adjustments">
      {adjustments.map((a) => (
        <li key={`${a.rule}|${a.reason}`}>
          <Typography.Text strong>{a.rule}</Typography.Text>
          <Typography.Text>：{a.reason}</Typography.Text>
        </li>
      ))}
    </ol>
  );
}

/**
 * The energy target as the Chinese clinical table computes it (ideal weight × kcal/kg by body type and
 * activity), with Mifflin-St Jeor × PAL beside it and, for 超重/肥胖, the ~500 kcal deficit for reference.
 * `prescribed`: the target the prescription settled on when staff changed it.
 */
export function EnergyDerivation({ energy, prescribed }: { energy: DietEnergy; prescribed?: number | null }) {
  const changed =
    prescribed !== null && prescribed !== undefined && Math.round(prescribed) !== Math.round(energy.target);
  const m = energy.mifflin;
  return (
    <Flex vertical gap={8} data-testid="prescription-energy">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'h', label: '身高', children: `${num(energy.height)} cm` },
          { key: 'w', label: '体重', children: `${num(energy.weight)} kg` },
          { key: 'bmi', label: '体重指数', children: num(energy.bmi) },
          { key: 'body', label: '体型', children: optLabel(BODY_TYPES, energy.bodyType) || String(energy.bodyType) },
          {
            key: 'ideal',
            label: '理想体重',
            children: `${num(energy.height)} − 105 = ${num(energy.idealWeight)} kg`,
          },
          { key: 'act', label: '活动水平', children: optLabel(ACTIVITY_LEVELS, energy.activityLevel) || '-' },
          { key: 'perKg', label: '每千克理想体重', children: `${num(energy.kcalPerKg)} 千卡` },
          {
            key: 'target',
            label: '目标能量',
            span: 2,
            children: (
              <Typography.Text strong data-testid="prescription-target-energy">
                {num(energy.idealWeight)} × {num(energy.kcalPerKg)} = {num(energy.target, 0)} 千卡/日
                {changed ? `；处方定为 ${num(prescribed, 0)} 千卡/日（医生调整）` : ''}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary" data-testid="prescription-mifflin">
        对照（Mifflin-St Jeor 公式）：基础代谢 {num(m.bmr, 2)} 千卡 × 体力活动系数 {num(m.pal, 2)} ＝ 每日总消耗约{' '}
        {num(m.tee, 0)} 千卡
        {energy.deficit && m.withDeficit !== null
          ? `；减重参考：减去约 ${num(energy.deficit, 0)} 千卡缺口为 ${num(m.withDeficit, 0)} 千卡（缺口数值未经指南核实）`
          : ''}
      </Typography.Text>
    </Flex>
  );
}

/** Everything a diet proposal (or an issued diet prescription's snapshot) says, in reading order. */
export function DietDerivation({ proposal }: { proposal: Omit<DietProposal, 'employee' | 'check'> }) {
  const { cookbook, principles, tcm, constitution } = proposal;
  return (
    <Flex vertical gap={12} data-testid="diet-derivation">
      <Section title="能量推算">
        <EnergyDerivation energy={proposal.energy} />
      </Section>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'cookbook',
            label: '食谱',
            children: cookbook ? (
              <span data-testid="prescription-cookbook">{cookbookLabel(cookbook)}</span>
            ) : (
              <Typography.Text type="warning">未找到合适的食谱</Typography.Text>
            ),
          },
          {
            key: 'principles',
            label: '膳食原则',
            children: principles.length ? (
              <Flex wrap gap={4} className="rx-tags">
                {principles.map((p) => (
                  <Tag key={p.id} color="blue">
                    {p.name}
                    <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 4 }}>
                      {classifyLabel(p.classify)}
                    </Typography.Text>
                  </Tag>
                ))}
              </Flex>
            ) : (
              '无'
            ),
          },
          {
            key: 'tcm',
            label: '中医食疗',
            children:
              constitution === null || constitution === undefined ? (
                <Typography.Text type="secondary">体质未评估，暂不安排中医食疗</Typography.Text>
              ) : (
                <Flex wrap gap={4} align="center" className="rx-tags">
                  <Typography.Text>{optLabel(TCM_CONSTITUTIONS, constitution)}：</Typography.Text>
                  {tcm.length ? tcm.map((t) => <Tag key={t.id}>{t.name}</Tag>) : '无适用食疗方'}
                </Flex>
              ),
          },
          { key: 'targets', label: '干预指标', children: <TargetTags targets={proposal.targets} /> },
        ]}
      />
      <Section title="调整及理由">
        <AdjustmentList adjustments={proposal.adjustments} />
      </Section>
    </Flex>
  );
}

/** The weekly items of an exercise plan with their weekly minutes and MET-minutes. */
export function WeeklyTable({ items }: { items: readonly FitnessItem[] }) {
  const columns: TableProps<FitnessItem>['columns'] = [
    { key: 'name', dataIndex: 'name', title: '项目', width: 140 },
    { key: 'intensity', title: '强度', width: 86, render: (_, r) => <IntensityTag intensity={r.intensity} /> },
    { key: 'met', title: '代谢当量', width: 80, render: (_, r) => num(r.met) },
    { key: 'minutes', title: '每次（分钟）', width: 96, render: (_, r) => r.minutes },
    { key: 'sessions', title: '每周（次）', width: 86, render: (_, r) => r.sessionsPerWeek },
    { key: 'weekly', title: '每周分钟', width: 86, render: (_, r) => r.minutes * r.sessionsPerWeek },
  ];
  return (
    <Table<FitnessItem>
      rowKey={(r) => `${r.itemId}-${r.minutes}-${r.sessionsPerWeek}`}
      size="small"
      pagination={false}
      columns={columns}
      dataSource={[...items]}
      scroll={{ x: 'max-content' }}
      data-testid="fitness-weekly-table"
    />
  );
}

/** The totals of a weekly plan against the ≥ 150 minutes of moderate activity it aims for. */
export function WeeklyTotals({ p }: { p: Pick<FitnessProposal, 'weeklyMinutes' | 'moderateMinutes' | 'metMinutes'> }) {
  const reached = p.moderateMinutes >= 150;
  return (
    <Flex wrap gap="4px 24px" className="rx-totals" data-testid="fitness-totals">
      <span>
        每周运动 <Typography.Text strong>{num(p.weeklyMinutes, 0)}</Typography.Text> 分钟
      </span>
      <span>
        折合中等强度{' '}
        <Typography.Text strong type={reached ? 'success' : 'warning'}>
          {num(p.moderateMinutes, 0)} 分钟{reached ? '（达到每周 150 分钟）' : '（未达每周 150 分钟）'}
        </Typography.Text>
      </span>
      <span>
        代谢当量·分钟 <Typography.Text strong>{num(p.metMinutes, 0)}</Typography.Text> /周
      </span>
    </Flex>
  );
}

/** The notes that change whether and how hard the person may exercise, clearly marked. */
export function FitnessNotes({ p }: { p: Pick<FitnessProposal, 'referFirst' | 'maxIntensity' | 'clearanceNote'> }) {
  return (
    <Flex vertical gap={8}>
      {p.referFirst ? (
        <Alert
          type="error"
          showIcon
          data-testid="fitness-refer"
          title="转诊：暂不开具运动处方"
          description="血压或血糖已达禁忌水平，须先转诊就医，待控制后再评估运动处方（原因见下方调整）。"
        />
      ) : null}
      {!p.referFirst && p.maxIntensity === null ? (
        <Alert type="error" showIcon data-testid="fitness-no-exercise" title="暂不宜运动（原因见下方调整）" />
      ) : null}
      {p.maxIntensity === 2 ? (
        <Alert type="warning" showIcon data-testid="fitness-moderate-only" title="仅中等及以下强度，不安排高强度项目" />
      ) : null}
      {p.maxIntensity === 1 ? (
        <Alert type="warning" showIcon data-testid="fitness-light-only" title="仅低强度项目" />
      ) : null}
      {p.clearanceNote ? (
        <Alert
          type="warning"
          showIcon
          data-testid="fitness-clearance"
          title="需医生评估后开始"
          description={p.clearanceNote}
        />
      ) : null}
    </Flex>
  );
}

/** Everything an exercise proposal says, in reading order. */
export function FitnessDerivation({ proposal }: { proposal: Omit<FitnessProposal, 'employee' | 'check'> }) {
  return (
    <Flex vertical gap={12} data-testid="fitness-derivation">
      <FitnessNotes p={proposal} />
      {proposal.referFirst ? null : (
        <Section title={proposal.template ? `每周计划（模板：${proposal.template.name}）` : '每周计划'}>
          {proposal.items.length ? (
            <Flex vertical gap={8}>
              <WeeklyTable items={proposal.items} />
              <WeeklyTotals p={proposal} />
            </Flex>
          ) : (
            <Typography.Text type="secondary">无运动项目</Typography.Text>
          )}
        </Section>
      )}
      <Descriptions
        size="small"
        column={1}
        items={[{ key: 'targets', label: '干预指标', children: <TargetTags targets={proposal.targets} /> }]}
      />
      <Section title="调整及理由">
        <AdjustmentList adjustments={proposal.adjustments} />
      </Section>
    </Flex>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
