import { numbered } from '../resources/options';

/** What a planned action of an intervention task is (intervention_actions.kind). */
export const INTERVENTION_ACTION_KINDS = numbered('膳食处方', '运动处方', '随访', '宣教');
export const ACTION_KIND = { diet: 1, fitness: 2, followUp: 3, education: 4 } as const;

/** 干预任务 statuses (intervention_tasks.status). */
export const INTERVENTION_TASK_STATUSES = numbered('进行中', '已完成', '已终止');

/** Days a prescription action is due after the task starts (staff review and issue the draft). */
export const PRESCRIPTION_DUE_DAYS = 14;
/** Days the education items are due after the task starts. */
export const EDUCATION_DUE_DAYS = 30;
