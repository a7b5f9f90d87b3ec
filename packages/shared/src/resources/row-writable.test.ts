import { describe, expect, it } from 'vitest';
import { defineResource, field, rowWritable } from './define-resource';

const base = {
  name: 'draftThing',
  label: '草稿物',
  route: '/main/diet/task',
  endpoint: '/x',
  table: 'x',
  permissions: { list: 'main:diet/task' },
  scope: 'none',
  fields: { status: field.number({ label: '状态' }) },
} as const;

describe('rowWritable: the states a declaration still lets a row be edited and deleted in', () => {
  const drafts = defineResource({ ...base, stateField: 'status', writableIn: [1] });
  it('is true in a listed state and false in the others', () => {
    expect(rowWritable(drafts, { status: 1 })).toBe(true);
    expect(rowWritable(drafts, { status: '1' })).toBe(true);
    expect(rowWritable(drafts, { status: 2 })).toBe(false);
    expect(rowWritable(drafts, {})).toBe(false);
  });
  it('is always true without the rule or without a state field', () => {
    expect(rowWritable(defineResource({ ...base, stateField: 'status' }), { status: 5 })).toBe(true);
    expect(rowWritable(defineResource({ ...base, writableIn: [1] }), { status: 5 })).toBe(true);
  });
});
