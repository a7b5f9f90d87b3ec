import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  decodeValue,
  encodeValue,
  readFilters,
  readListState,
  type UrlCodec,
  writeFilters,
  writeListState,
} from './url-state';

interface Filters {
  unitId?: number;
  name?: string;
  mine?: boolean;
  checkDate?: (dayjs.Dayjs | null)[];
  status?: string;
}
const codec: UrlCodec<Filters> = {
  unitId: 'number',
  name: 'string',
  mine: 'boolean',
  checkDate: 'dateRange',
  status: 'string',
};

describe('list state in the URL (issue 11 item 3)', () => {
  it('writes filters and reads the same values back, dates included', () => {
    const values: Filters = {
      unitId: 12,
      name: '张三',
      mine: true,
      checkDate: [dayjs('2025-01-01'), dayjs('2025-06-30')],
      status: '2',
    };
    const url = writeFilters(new URLSearchParams(), codec, values, {});
    expect(url.toString()).toBe('unitId=12&name=%E5%BC%A0%E4%B8%89&mine=1&checkDate=2025-01-01%7E2025-06-30&status=2');
    const back = readFilters(url, codec, {});
    expect(back.unitId).toBe(12);
    expect(back.name).toBe('张三');
    expect(back.mine).toBe(true);
    expect(back.checkDate?.map((d) => d?.format('YYYY-MM-DD'))).toEqual(['2025-01-01', '2025-06-30']);
  });

  it('leaves defaults out of the URL, and writes a default turned off as empty so it stays off', () => {
    const defaults: Filters = { mine: true, status: 'all' };
    expect(writeFilters(new URLSearchParams(), codec, { mine: true, status: 'all' }, defaults).toString()).toBe('');
    const off = writeFilters(new URLSearchParams(), codec, { mine: false, status: 'all' }, defaults);
    expect(off.get('mine')).toBe('0');
    expect(readFilters(off, codec, defaults).mine).toBe(false);
    const cleared = writeFilters(new URLSearchParams(), codec, { status: undefined }, defaults);
    expect(cleared.get('status')).toBe('');
    expect(readFilters(cleared, codec, defaults).status).toBeUndefined();
    expect(readFilters(new URLSearchParams(), codec, defaults)).toEqual({ mine: true, status: 'all' });
  });

  it('starts again on page 1 when the filters change, and keeps other lists’ keys (prefixes)', () => {
    const url = new URLSearchParams('page=3&plan.page=2&plan.name=李&tab=plans');
    const next = writeFilters(url, codec, { name: '王' }, {}, 'plan.');
    expect(next.get('plan.page')).toBeNull();
    expect(next.get('plan.name')).toBe('王');
    expect(next.get('page')).toBe('3');
    expect(next.get('tab')).toBe('plans');
  });

  it('reads page, size and sort, ignoring what a hand-edited URL cannot mean', () => {
    expect(readListState(new URLSearchParams('page=2&pageSize=50&sort=dueDate&order=desc'), '', 20)).toEqual({
      page: 2,
      pageSize: 50,
      sort: 'dueDate',
      order: 'desc',
    });
    expect(readListState(new URLSearchParams('page=-4&pageSize=abc&order=desc'), '', 20)).toEqual({
      page: 1,
      pageSize: 20,
      sort: undefined,
      order: undefined,
    });
    expect(decodeValue('number', 'x')).toBeUndefined();
    expect(decodeValue('dateRange', '2025-02-30~')).toBeUndefined();
    expect(encodeValue('string', '   ')).toBeUndefined();
  });

  it('writes page 1 and the default page size as nothing, and a sort with its direction', () => {
    const url = writeListState(new URLSearchParams('page=4&x=1'), '', { page: 1, pageSize: 20 }, 20);
    expect(url.toString()).toBe('x=1');
    const sorted = writeListState(url, 'log.', { page: 2, sort: 'at', order: 'desc' }, 20);
    expect(sorted.toString()).toBe('x=1&log.page=2&log.sort=at&log.order=desc');
    expect(writeListState(sorted, 'log.', { sort: undefined }, 20).toString()).toBe('x=1&log.page=2');
  });
});
