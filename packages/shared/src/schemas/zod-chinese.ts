import { z } from 'zod';

/**
 * Every message the API returns is Chinese (SPEC §8). Schemas name their own reasons where a field has
 * one; this map answers for everything else, so zod's English defaults ("Invalid input: expected
 * object, received undefined") never reach a person. Installed once, by importing @peis/shared.
 */
const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  object: '对象',
  array: '列表',
  date: '日期',
  null: '空值',
};

const FORMAT_NAMES: Record<string, string> = {
  email: '邮箱地址',
  url: '网址',
  date: '日期（yyyy-MM-dd）',
  datetime: '日期时间',
  time: '时间',
  uuid: 'UUID',
  ipv4: 'IPv4 地址',
  ipv6: 'IPv6 地址',
};

type Issue = z.core.$ZodRawIssue;

export function chineseMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return '必填项';
      return `应为${TYPE_NAMES[issue.expected] ?? '正确的格式'}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `应为 ${String(issue.values[0])}`
        : `应为以下之一：${issue.values.map(String).join('、')}`;
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `不能超过${max}个字`;
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map') return `不能超过${max}项`;
      if (issue.origin === 'file') return `文件不能超过${max}字节`;
      return issue.inclusive ? `不能大于${max}` : `应小于${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? '不能为空' : `至少${min}个字`;
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map') return `至少${min}项`;
      return issue.inclusive ? `不能小于${min}` : `应大于${min}`;
    }
    case 'invalid_format':
      return `格式不正确${FORMAT_NAMES[issue.format] ? `，应为${FORMAT_NAMES[issue.format]}` : ''}`;
    case 'not_multiple_of':
      return `应为${String(issue.divisor)}的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    default:
      return '格式不正确';
  }
}

z.config({ localeError: chineseMessage });
