import { App, Typography } from 'antd';
import { useCallback } from 'react';
import { useUnitNames } from './unit-name';

/** How many picked names a transfer question lists before "等N人". */
const NAMES_SHOWN = 5;

/** One picked person: name and the short name of the unit they are in now. */
export interface TransferPerson {
  name: string;
  unitName?: string | null;
}

/** What a transfer is about to do, as the server will do it. */
export interface TransferPlan {
  /** 档案转移 (records, optionally a new responsible staff member) or 员工调动 (employees to another unit). */
  kind: 'record' | 'employee';
  people: TransferPerson[];
  /** The unit they move to (absent: the unit stays, only the responsible staff member changes). */
  toUnitId?: number | null;
  /** The new responsible staff member's name (档案转移). */
  toUserName?: string | null;
  reason: string;
  effectiveDate?: string;
}

/** "张三、李四、王五等12人". */
export function peopleText(people: readonly TransferPerson[]): string {
  const names = people.slice(0, NAMES_SHOWN).map((p) => p.name);
  return people.length > NAMES_SHOWN
    ? `${names.join('、')}等${people.length}人`
    : `${names.join('、')}（${people.length}人）`;
}

/** "采油一厂一区 8人、采油二厂 4人": where the picked people are now, in the order first met. */
export function fromUnitsText(people: readonly TransferPerson[]): string {
  const counts = new Map<string, number>();
  for (const p of people) counts.set(p.unitName || '未知单位', (counts.get(p.unitName || '未知单位') ?? 0) + 1);
  return [...counts].map(([unit, n]) => `${unit} ${n}人`).join('、');
}

/**
 * Asks before a transfer with what will happen to whom: the people (first names and the count), the units
 * they leave and the unit they join (its full name, the short one beside it), the new responsible staff
 * member, and what moves with them — the server moves the person (employees.unit_id), and every record is
 * scoped through the person's unit. `confirm` resolves true on 确定, false on 取消.
 */
export function useTransferConfirm() {
  const { modal } = App.useApp();
  const { find } = useUnitNames();
  return useCallback(
    (plan: TransferPlan): Promise<boolean> => {
      const unit = plan.toUnitId != null ? find({ id: plan.toUnitId }) : undefined;
      const toUnit = unit ? (unit.name === unit.shortName ? unit.name : `${unit.name}（${unit.shortName}）`) : null;
      const alreadyThere = unit ? plan.people.filter((p) => p.unitName === unit.shortName).length : 0;
      const moving = plan.kind === 'employee' ? '调动' : '转移';
      const lines: [string, string][] = [
        ['人员', peopleText(plan.people)],
        ['原单位', fromUnitsText(plan.people)],
      ];
      if (toUnit) lines.push([plan.kind === 'employee' ? '调入单位' : '目标单位', toUnit]);
      else lines.push(['单位', '不变']);
      if (plan.kind === 'record') lines.push(['责任人', plan.toUserName ? `改为 ${plan.toUserName}` : '不变']);
      if (plan.effectiveDate) lines.push(['生效日期', plan.effectiveDate]);
      lines.push([`${moving}原因`, plan.reason]);
      const effect = toUnit
        ? `随人转入新单位的有：健康档案、体检数据、阳性发现与阳性任务、随访计划与记录；只管理原单位的账号将不再看到这些记录，已派出任务的处理人不变。${
            alreadyThere ? `其中${alreadyThere}人已在该单位${plan.kind === 'employee' ? '，不会变动' : ''}。` : ''
          }`
        : '仅更换档案责任人，人员所在单位与各项记录不变。';
      return new Promise<boolean>((resolve) => {
        modal.confirm({
          title: `确定${moving}以下${plan.people.length}人？`,
          width: 520,
          content: (
            <div data-testid="transfer-confirm">
              {lines.map(([label, text]) => (
                <Typography.Paragraph key={label} style={{ marginBottom: 4 }}>
                  <Typography.Text type="secondary">{label}：</Typography.Text>
                  {text}
                </Typography.Paragraph>
              ))}
              <Typography.Paragraph type="warning" style={{ marginTop: 8, marginBottom: 0 }}>
                {effect}
              </Typography.Paragraph>
            </div>
          ),
          okText: `确定${moving}`,
          cancelText: '取消',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
    },
    [modal, find],
  );
}
