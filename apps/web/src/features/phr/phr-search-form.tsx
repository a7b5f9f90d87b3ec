import { enumOptions, SEX } from '@peis/shared';
import { Form, type FormInstance, Input, InputNumber, Select, Space } from 'antd';
import { useMemo } from 'react';
import { PersonSearchItems, SearchCard, SearchItem, type UrlCodec, useUrlFilters } from '../../components/list';
import type { PhrFilters } from './phr-api';

interface SearchValues {
  unitId?: number | null;
  name?: string;
  idCard?: string;
  sex?: number | null;
  ageFrom?: number | null;
  ageTo?: number | null;
  complete?: 'true' | 'false' | null;
}

/** How the search is kept in the URL. */
const FILTERS: UrlCodec<SearchValues> = {
  unitId: 'number',
  name: 'string',
  idCard: 'string',
  sex: 'number',
  ageFrom: 'number',
  ageTo: 'number',
  complete: 'string',
};

/**
 * The record search of a page, kept in the URL (back from a record finds the same list): the form, the
 * GET /phr filters, and what 查询 / 重置 do.
 */
export function usePhrSearch() {
  const [form] = Form.useForm<SearchValues>();
  const { values, search, reset } = useUrlFilters(FILTERS, {}, { form });
  const filters = useMemo(() => toFilters(values), [values]);
  return { form, filters, search, reset };
}

/** Filled-in search values as GET /phr parameters. */
function toFilters(v: SearchValues): PhrFilters {
  const f: PhrFilters = {};
  if (v.unitId) f.unitId = v.unitId;
  if (v.name?.trim()) f.name = v.name.trim();
  if (v.idCard?.trim()) f.idCard = v.idCard.trim().toUpperCase();
  if (v.sex) f.sex = v.sex;
  if (typeof v.ageFrom === 'number') f.ageFrom = v.ageFrom;
  if (typeof v.ageTo === 'number') f.ageTo = v.ageTo;
  if (v.complete) f.complete = v.complete === 'true';
  return f;
}

export interface PhrSearchFormProps {
  /** usePhrSearch() of the page. */
  state: { form: FormInstance<SearchValues>; search: (v: SearchValues) => void; reset: () => void };
  /** Prefix of the data-testids: `${prefix}-name`, `${prefix}-submit`, `${prefix}-reset`. */
  testIdPrefix?: string;
  /** Leave out the 完整度 filter (the transfer page). */
  withoutComplete?: boolean;
}

/** Search form of the record list: 单位, 姓名, 身份证号, 性别, 年龄 range, 完整度; 查询 / 重置. */
export function PhrSearchForm({ state, testIdPrefix = 'phr-search', withoutComplete }: PhrSearchFormProps) {
  return (
    <SearchCard<SearchValues>
      form={state.form}
      className="phr-no-print"
      testId={testIdPrefix}
      onSearch={state.search}
      onReset={state.reset}
    >
      <PersonSearchItems nameTestId={`${testIdPrefix}-name`} />
      <SearchItem name="idCard" label="身份证号">
        <Input placeholder="完整的18位身份证号" allowClear maxLength={18} data-testid={`${testIdPrefix}-idcard`} />
      </SearchItem>
      <SearchItem name="sex" label="性别">
        <Select placeholder="全部" allowClear options={enumOptions(SEX)} />
      </SearchItem>
      <SearchItem label="年龄">
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="ageFrom" noStyle>
            <InputNumber min={0} max={150} precision={0} placeholder="最小" style={{ width: '50%' }} />
          </Form.Item>
          <Form.Item name="ageTo" noStyle>
            <InputNumber min={0} max={150} precision={0} placeholder="最大" style={{ width: '50%' }} />
          </Form.Item>
        </Space.Compact>
      </SearchItem>
      {withoutComplete ? null : (
        <SearchItem name="complete" label="完整度">
          <Select
            placeholder="全部"
            allowClear
            options={[
              { value: 'true', label: '完整' },
              { value: 'false', label: '不完整' },
            ]}
            data-testid={`${testIdPrefix}-complete`}
          />
        </SearchItem>
      )}
    </SearchCard>
  );
}
