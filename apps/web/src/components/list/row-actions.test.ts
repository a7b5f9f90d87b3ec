import {
  followUpPlanResource,
  positiveFindingResource,
  positiveTaskResource,
  servicePackageResource,
} from '@peis/shared';
import { describe, expect, it } from 'vitest';
import { rowActions } from './row-actions';

const HANDLINGS = ['phone', 'notice', 'referral', 'recheck', 'close', 'cancel'];

describe('row buttons from the declarations', () => {
  it('offers 处理 and 改派 on an open task to a handler, nothing on an ended one or without the permission', () => {
    const handler = ['positive:handle'];
    for (const status of [1, 2]) {
      expect([...rowActions(positiveTaskResource, { status }, handler)].sort()).toEqual(
        [...HANDLINGS, 'assign'].sort(),
      );
    }
    for (const status of [3, 4]) expect(rowActions(positiveTaskResource, { status }, handler).size).toBe(0);
    expect(rowActions(positiveTaskResource, { status: 1 }, ['positive:confirm']).size).toBe(0);
    expect(rowActions(positiveTaskResource, { status: 1 }, null).size).toBe(0);
  });

  it('offers 确认/排除 only on a pending finding', () => {
    const confirmer = ['positive:confirm'];
    expect([...rowActions(positiveFindingResource, { status: 0 }, confirmer)].sort()).toEqual(['confirm', 'dismiss']);
    expect(rowActions(positiveFindingResource, { status: 1 }, confirmer).size).toBe(0);
    expect(rowActions(positiveFindingResource, { status: 2 }, confirmer).size).toBe(0);
  });

  it('offers 签约 on a package to sign, 完成 on a signed one, nothing once done', () => {
    const editor = ['followup:edit'];
    expect([...rowActions(servicePackageResource, { status: 0 }, editor)]).toEqual(['sign']);
    expect([...rowActions(servicePackageResource, { status: 1 }, editor)]).toEqual(['complete']);
    expect(rowActions(servicePackageResource, { status: 2 }, editor).size).toBe(0);
  });

  it('offers 记录随访 on a running plan to an account that may add follow-ups', () => {
    expect(rowActions(followUpPlanResource, { status: 1 }, ['followup:add']).has('record')).toBe(true);
    expect(rowActions(followUpPlanResource, { status: 2 }, ['followup:add']).has('record')).toBe(false);
    expect(rowActions(followUpPlanResource, { status: 1 }, ['followup:edit']).has('record')).toBe(false);
  });
});
