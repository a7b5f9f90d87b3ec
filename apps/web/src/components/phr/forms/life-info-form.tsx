import * as E from '@peis/shared';
import { AutoComplete, Form, Input, Select } from 'antd';
import { ENVIRONMENT_LABELS, LIFE_LABELS } from '../phr-labels';
import { Cell, EnumRadio, FieldGrid, SectionTitle } from './form-parts';

const ENV_ENUMS: Record<keyof typeof ENVIRONMENT_LABELS, E.Enum> = {
  exhaust: E.EXHAUST,
  energy: E.ENERGY,
  water: E.WATER,
  toilet: E.TOILET,
  acorral: E.ACORRAL,
};
const LIFE_CHOICES: { key: 'sleep' | 'smoke' | 'drink' | 'daily'; options: E.Enum }[] = [
  { key: 'sleep', options: E.SLEEP },
  { key: 'smoke', options: E.SMOKE },
  { key: 'drink', options: E.DRINK },
  { key: 'daily', options: E.DAILY },
];

/** A typed answer that is exactly one of the usual answers is kept as its code (risk scores read smoking). */
const asChoice = (options: E.Enum, v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const hit = Object.entries(options).find(([, label]) => label === v);
  return hit ? Number(hit[0]) : v;
};
const labelsOf = (options: E.Enum) => E.enumOptions(options).map((o) => ({ value: o.label, label: o.label }));

/**
 * One life-information answer (SPEC §3: free text): pick one of the usual answers or type another
 * (SPEC §2's select allowing new values). Stored answers may be codes (older records) or text.
 */
function ChoiceInput({
  options,
  value,
  onChange,
  id,
}: {
  options: E.Enum;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}) {
  const text = typeof value === 'number' ? (options[String(value)] ?? String(value)) : ((value as string) ?? '');
  return (
    <AutoComplete
      id={id}
      value={text}
      options={labelsOf(options)}
      // Few answers: always offer all of them, whatever has been typed.
      showSearch={{ filterOption: false }}
      allowClear
      placeholder="请选择或输入"
      onChange={(t: string | undefined) => onChange?.(t ? asChoice(options, t) : undefined)}
      style={{ width: '100%' }}
    />
  );
}

/** 饮食习惯: several answers, picked or typed (tags). Older records hold codes, or a list written as JSON. */
function ChoicesInput({
  options,
  value,
  onChange,
  id,
}: {
  options: E.Enum;
  value?: unknown;
  onChange?: (value: unknown[]) => void;
  id?: string;
}) {
  let list: unknown = value ?? [];
  if (typeof list === 'string' && list.trim().startsWith('[')) {
    try {
      list = JSON.parse(list);
    } catch {
      // shown as the text it is
    }
  }
  const items = (Array.isArray(list) ? list : [list]).filter((v) => v !== '' && v !== null && v !== undefined);
  return (
    <Select
      id={id}
      mode="tags"
      value={items.map((v) => (typeof v === 'number' ? (options[String(v)] ?? String(v)) : String(v)))}
      options={labelsOf(options)}
      allowClear
      placeholder="请选择或输入，回车确认"
      onChange={(labels: string[]) =>
        onChange?.(labels.map((l) => asChoice(options, l.trim())).filter((v) => v !== ''))
      }
      style={{ width: '100%' }}
    />
  );
}

/** 生活信息 tab: sections 生活信息 and 居住环境 (SPEC §2). */
export function LifeInfoForm() {
  return (
    <>
      <SectionTitle>生活信息</SectionTitle>
      <FieldGrid>
        <Cell wide>
          <Form.Item name={['lifeInfo', 'foods']} label={LIFE_LABELS.foods}>
            <ChoicesInput options={E.FOODS} />
          </Form.Item>
        </Cell>
        {LIFE_CHOICES.map((f) => (
          <Cell key={f.key}>
            <Form.Item name={['lifeInfo', f.key]} label={LIFE_LABELS[f.key]}>
              <ChoiceInput options={f.options} />
            </Form.Item>
          </Cell>
        ))}
        <Cell wide>
          <Form.Item name={['lifeInfo', 'style']} label={LIFE_LABELS.style}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Cell>
      </FieldGrid>
      <SectionTitle>居住环境</SectionTitle>
      <FieldGrid>
        {(Object.keys(ENVIRONMENT_LABELS) as (keyof typeof ENVIRONMENT_LABELS)[]).map((k) => (
          <Cell wide key={k}>
            <Form.Item name={['environment', k]} label={ENVIRONMENT_LABELS[k]}>
              <EnumRadio options={ENV_ENUMS[k]} />
            </Form.Item>
          </Cell>
        ))}
      </FieldGrid>
    </>
  );
}
