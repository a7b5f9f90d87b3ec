import { field } from '@peis/shared';
import { describe, expect, it } from 'vitest';
import {
  errorsUnder,
  issuesToErrors,
  limitsText,
  moveRow,
  newRow,
  removeRow,
  splitErrorPath,
  submitRows,
  validateRows,
  withKeys,
} from './children-rows';

// A questionnaire's questions with their options: the two levels the editor handles.
const options = field.children({
  label: '选项',
  children: {
    table: 'q_options',
    parentColumn: 'question_id',
    min: 2,
    max: 4,
    unique: ['label'],
    fields: {
      label: field.input({ label: '选项文字', required: true, maxLength: 20 }),
      score: field.number({ label: '分值', min: 0, max: 10 }),
    },
  },
});
const questions = field.children({
  label: '问题',
  children: {
    table: 'q_questions',
    parentColumn: 'questionnaire_id',
    min: 1,
    max: 3,
    fields: {
      title: field.input({ label: '题干', required: true, maxLength: 50 }),
      kind: field.select({ label: '题型', required: true, options: [{ value: 1, label: '单选' }], defaultValue: 1 }),
      required: field.switch({ label: '必答', defaultValue: false }),
      note: field.computed({ label: '合计', sql: '0' }),
      options,
    },
  },
});
const fields = { name: field.input({ label: '名称' }), questions };

const opt = (label: string, score = 1) => ({ label, score });
const question = (title: string, opts = [opt('是'), opt('否')]) => ({ title, kind: 1, required: true, options: opts });

describe('moving child rows', () => {
  it('moves a row up and down and keeps the others in order', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
  it('leaves the rows as they are past either end', () => {
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });
  it('removes one row', () => {
    expect(removeRow(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });
});

describe('child rows and the value sent', () => {
  it('keys saved rows by id and new ones uniquely, at both levels', () => {
    const rows = withKeys(questions, [{ id: 7, ...question('一'), options: [{ id: 3, ...opt('是') }, opt('否')] }]);
    expect(rows[0]._key).toBe('id-7');
    const nested = rows[0].options as { _key: string }[];
    expect(nested[0]._key).toBe('id-3');
    expect(nested[1]._key).toMatch(/^new-/);
    expect(newRow(questions)._key).not.toBe(newRow(questions)._key);
  });
  it('starts a new row from the child fields’ defaults, with an empty nested list', () => {
    const { _key, ...row } = newRow(questions);
    expect(row).toEqual({ title: null, kind: 1, required: false, options: [] });
  });
  it('sends rows without client keys or computed values, ids of saved rows kept, nested too', () => {
    const rows = withKeys(questions, [{ id: 7, ...question('一'), note: 5, options: [{ id: 3, ...opt('是') }] }]);
    expect(submitRows(questions, rows)).toEqual([
      { id: 7, title: '一', kind: 1, required: true, options: [{ id: 3, label: '是', score: 1 }] },
    ]);
  });
});

describe('cell messages', () => {
  it('puts each refused value on its cell, nested cells by their full path', () => {
    const errors = validateRows(questions, [question(''), question('二', [opt('是', 11), opt('是')])]);
    expect(errors['0.title']).toBe('必填项');
    expect(errors['1.options.0.score']).toBe('分值不能大于10');
    expect(errors['1.options.1.label']).toBe('选项文字不能重复');
    expect(errors['0.options']).toBeUndefined();
  });
  it('says what is wrong with a collection as a whole under the empty path', () => {
    expect(validateRows(questions, [])['']).toBe('请至少填写一行问题');
    expect(validateRows(questions, [question('一', [opt('是')])])['0.options']).toBe('选项至少2行');
    expect(validateRows(questions, [question('一')])).toEqual({});
  });
  it('keeps the first message of a path', () => {
    const issues = [
      { path: [0, 'title'], message: '必填项' },
      { path: [0, 'title'], message: '题干不能超过50个字' },
    ];
    expect(issuesToErrors(issues)).toEqual({ '0.title': '必填项' });
  });
  it('maps a server error path to its field and cell, whatever the separator', () => {
    expect(splitErrorPath(fields, 'questions.2.options.0.label')).toEqual(['questions', '2.options.0.label']);
    expect(splitErrorPath(fields, 'body.questions.1.title')).toEqual(['questions', '1.title']);
    expect(splitErrorPath(fields, '/questions/0/options')).toEqual(['questions', '0.options']);
    expect(splitErrorPath(fields, 'questions[1].title')).toEqual(['questions', '1.title']);
    expect(splitErrorPath(fields, 'name')).toEqual(['name', '']);
    expect(splitErrorPath(fields, 'unknown.0')).toBeNull();
  });
  it('takes the messages under one nested collection relative to it', () => {
    const errors = { '1.options': '选项至少2行', '1.options.0.label': '必填项', '10.options.0.label': 'x' };
    expect(errorsUnder(errors, '1.options')).toEqual({ '': '选项至少2行', '0.label': '必填项' });
  });
  it('states the row limits', () => {
    expect(limitsText(options)).toBe('2～4行');
    expect(limitsText(field.children({ label: 'x', children: { table: 't', parentColumn: 'p', fields: {} } }))).toBe(
      '',
    );
  });
});
