import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { MEAL_TIMES, PRESCRIPTION_STATUSES, SEX_OPTIONS, TCM_CONSTITUTIONS } from '@peis/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { cleanHtml, htmlText } from '../../resource-ui/field-kinds/rich-text-clean';
import { fetchRecord, resourceKeys } from '../../resource-ui/resource-api';
import { useUnitNames } from '../unit-name';
import {
  AdjustmentList,
  basisText,
  cookbookLabel,
  EnergyDerivation,
  FitnessNotes,
  indicatorName,
  num,
  optLabel,
  WeeklyTable,
  WeeklyTotals,
} from './derivation';
import { KINDS, type PrescriptionKind, resourceOf } from './prescription-api';
import { type DietSheet, type FitnessSheet, type PrintedPrinciple, type Sheet, sheetOf } from './prescription-record';
import './prescription.css';

/** The header of the sheet: who, from which unit, issued when and by whom. */
function SheetHeader({ sheet, title }: { sheet: Sheet; title: string }) {
  const { find } = useUnitNames();
  const unit = sheet.unitName ? (find({ name: sheet.unitName })?.name ?? sheet.unitName) : '-';
  const draft = sheet.status === 1;
  // Four rows of three; the unit and the period take two and three cells (their text is long).
  const rows: [string, ReactNode, number?][][] = [
    [
      ['单位', unit, 2],
      ['姓名', sheet.employeeName],
    ],
    [
      ['性别', optLabel(SEX_OPTIONS, sheet.sex) || '-'],
      ['年龄', sheet.age !== null ? `${sheet.age} 岁` : '-'],
      ['依据体检', sheet.checkDate ?? '无'],
    ],
    [
      ['开具日期', sheet.issuedAt ?? '未开具'],
      ['医生', sheet.issuedByName ?? '-'],
      ['状态', optLabel(PRESCRIPTION_STATUSES, sheet.status) || '-'],
    ],
    [['执行期', sheet.startDate ? `${sheet.startDate} 至 ${sheet.endDate ?? '-'}` : '-', 3]],
  ];
  return (
    <header>
      <h1 className="rx-title">{title}</h1>
      {draft ? <p className="rx-draft">草稿 · 尚未开具，仅供核对</p> : null}
      <table className="rx-head" data-testid="rx-head">
        <tbody>
          {rows.map((row) => (
            <tr key={row[0][0]}>
              {row.map(([label, value, span]) => (
                <td key={label} colSpan={span}>
                  <span className="rx-label">{label}</span>
                  <span className="rx-value">{value}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </header>
  );
}

function Part({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rx-part" data-testid={testId}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** Principles (or any catalogue text) by name with their sanitised text. */
function Principles({ items }: { items: readonly PrintedPrinciple[] }) {
  if (!items.length) return <p className="rx-muted">无</p>;
  return (
    <>
      {items.map((p) => (
        <div key={p.id} className="rx-principle">
          {/* A text that opens with its own title is not headed twice. */}
          {p.contents && htmlText(p.contents).trim().startsWith(p.name) ? null : <h3>{p.name}</h3>}
          {p.contents ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server, then reduced by cleanHtml
            <div className="rx-rich" dangerouslySetInnerHTML={{ __html: cleanHtml(p.contents) }} />
          ) : null}
        </div>
      ))}
    </>
  );
}

/** The person's own values the rules read (blood pressure, glucose and the targeted indicators). */
function BasisValues(p: {
  values: Record<string, number | null>;
  targets: readonly string[];
  chinaPar?: number | null;
}) {
  const text = basisText(p.values, p.targets, p.chinaPar);
  return text ? (
    <p data-testid="rx-basis">
      <span className="rx-label">依据数值</span>
      {text}
    </p>
  ) : null;
}

const Targets = ({ targets }: { targets: readonly string[] }) => (
  <p>
    <span className="rx-label">干预指标</span>
    {targets.length ? targets.map(indicatorName).join('、') : '无（以一般人群原则为主）'}
  </p>
);

/** Each day of the snapshot: its energy and shares, then its meals with their dishes. */
function DietPlan({ sheet }: { sheet: DietSheet }) {
  const plan = sheet.plan;
  if (!plan?.days.length) return <p className="rx-muted">未选定食谱</p>;
  return (
    <>
      <p>
        食谱：{cookbookLabel(plan)}，共 {plan.days.length} 天，循环使用。
      </p>
      {plan.days.map((d) => (
        <table key={d.day} className="rx-table rx-day" data-testid="rx-day">
          <caption>
            第{d.day}天 · 能量 {d.kcal} 千卡 · 蛋白质 {num(d.protein)} 克（{d.shares.protein}%）· 脂肪 {num(d.fat)} 克（
            {d.shares.fat}%）· 碳水化合物 {num(d.cho)} 克（{d.shares.cho}%）
          </caption>
          <tbody>
            {d.meals.map((m) => (
              <tr key={m.meal}>
                <th>{optLabel(MEAL_TIMES, m.meal) || `第${m.meal}餐`}</th>
                <td>
                  {m.dishes
                    .map((x) => `${x.name}${x.servings !== 1 ? ` ×${num(x.servings)}` : ''}（${x.kcal} 千卡）`)
                    .join('，')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}

function DietBody({ sheet }: { sheet: DietSheet }) {
  return (
    <>
      <Part title="一、推算依据" testId="rx-derivation">
        {sheet.energy ? (
          <EnergyDerivation energy={sheet.energy} prescribed={sheet.prescribedKcal} />
        ) : (
          <p className="rx-muted">无推算数据</p>
        )}
        <Targets targets={sheet.targets} />
      </Part>
      <Part title="二、每日食谱" testId="rx-plan">
        <DietPlan sheet={sheet} />
      </Part>
      <Part title="三、膳食原则" testId="rx-principles">
        <Principles items={sheet.principles} />
      </Part>
      <Part title="四、中医食疗" testId="rx-tcm">
        {sheet.constitution === null ? (
          <p className="rx-muted">体质未评估，暂不安排中医食疗。</p>
        ) : (
          <>
            <p>体质：{optLabel(TCM_CONSTITUTIONS, sheet.constitution)}</p>
            {sheet.tcm.length ? (
              sheet.tcm.map((t) => (
                <div key={t.id} className="rx-principle">
                  <h3>{t.name}</h3>
                  {t.configs ? <p>配方：{t.configs}</p> : null}
                  {t.functions ? <p>功效：{t.functions}</p> : null}
                  {t.usage ? <p>用法：{t.usage}</p> : null}
                </div>
              ))
            ) : (
              <p className="rx-muted">无适用食疗方</p>
            )}
          </>
        )}
      </Part>
      <Advice sheet={sheet} first="五" second="六" />
    </>
  );
}

function FitnessBody({ sheet }: { sheet: FitnessSheet }) {
  return (
    <>
      <Part title="一、推算依据" testId="rx-derivation">
        <FitnessNotes p={sheet} />
        <BasisValues values={sheet.values} targets={sheet.targets} chinaPar={sheet.chinaPar} />
        <Targets targets={sheet.targets} />
      </Part>
      <Part title="二、每周运动计划" testId="rx-plan">
        {sheet.referFirst ? (
          <p>需先转诊，暂不安排运动。</p>
        ) : sheet.items.length ? (
          <>
            {sheet.template ? <p>模板：{sheet.template.name}</p> : null}
            <WeeklyTable items={sheet.items} />
            <div style={{ marginTop: 8 }}>
              <WeeklyTotals p={sheet} />
            </div>
          </>
        ) : (
          <p className="rx-muted">无运动项目</p>
        )}
      </Part>
      <Part title="三、运动原则" testId="rx-principles">
        <Principles items={sheet.principles} />
      </Part>
      <Advice sheet={sheet} first="四" second="五" />
    </>
  );
}

function Advice({ sheet, first, second }: { sheet: Sheet; first: string; second: string }) {
  return (
    <>
      <Part title={`${first}、医生建议`} testId="rx-advice">
        {sheet.advice ? <p className="rx-pre">{sheet.advice}</p> : <p className="rx-muted">无</p>}
      </Part>
      <Part title={`${second}、注意事项与调整`} testId="rx-adjustments">
        <AdjustmentList adjustments={sheet.adjustments} />
      </Part>
    </>
  );
}

/** The A4 sheet of one prescription (screen and paper). */
export function PrescriptionSheet({ sheet }: { sheet: Sheet }) {
  return (
    <article className="rx-sheet" data-testid="rx-sheet">
      <SheetHeader sheet={sheet} title={KINDS[sheet.kind].label} />
      {sheet.kind === 'diet' ? <DietBody sheet={sheet} /> : <FitnessBody sheet={sheet} />}
      <footer className="rx-sign">
        <span>医生签名：</span>
        <span>日期：</span>
      </footer>
    </article>
  );
}

export interface PrintDialogProps {
  kind: PrescriptionKind;
  id: number | string | null;
  open: boolean;
  onClose: () => void;
}

/**
 * 打印: the prescription's sheet in a full-screen dialog; 打印 opens the browser's print (or 存为 PDF), and only
 * the sheet goes on paper (prescription.css).
 */
export function PrintDialog({ kind, id, open, onClose }: PrintDialogProps) {
  const resource = resourceOf(kind);
  const record = useQuery({
    queryKey: resourceKeys.detail(resource, id ?? ''),
    queryFn: ({ signal }) => fetchRecord(resource, id as number, signal),
    enabled: open && id !== null,
  });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width="100%"
      className="rx-print-modal"
      styles={{ body: { padding: 0 } }}
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      destroyOnHidden
      data-testid="rx-print"
    >
      <Flex justify="space-between" align="center" gap={8} className="rx-toolbar" wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {KINDS[kind].label} · 打印预览
        </Typography.Title>
        <Flex gap={8}>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!record.data}
            onClick={() => window.print()}
            data-testid="rx-print-button"
          >
            打印
          </Button>
          <Button icon={<CloseOutlined />} onClick={onClose} data-testid="rx-print-close">
            关闭
          </Button>
        </Flex>
      </Flex>
      <div className="rx-paper">
        {record.isError ? (
          <Result status="warning" title="处方加载失败" subTitle="请关闭后重试" />
        ) : !record.data ? (
          <Flex justify="center" style={{ padding: 64 }}>
            <Spin />
          </Flex>
        ) : (
          <PrescriptionSheet sheet={sheetOf(kind, record.data)} />
        )}
      </div>
    </Modal>
  );
}
