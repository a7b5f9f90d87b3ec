import { optionLabel } from '../resources/define-resource';
import { FOLLOW_UP_METHODS } from '../resources/follow-up-plan.resource';
import { ACTION_KIND, EDUCATION_DUE_DAYS, PRESCRIPTION_DUE_DAYS } from './options';

/** The actions a model plans (its saved version). */
export interface ModelActions {
  dietRx: boolean;
  fitnessRx: boolean;
  /** 随访: method (FOLLOW_UP_METHODS), every N months, for M months; no method = no follow-up. */
  followMethod?: number | null;
  followEveryMonths?: number | null;
  followForMonths?: number | null;
  education: readonly { title: string; content?: string | null }[];
  durationMonths: number;
}

export interface PlannedAction {
  kind: 1 | 2 | 3 | 4;
  title: string;
  content: string | null;
  /** yyyy-MM-dd */
  dueDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** `date` plus `months` calendar months; a day past the month's end is its last day (01-31 + 1 → 02-28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return iso(ny, nm, Math.min(d, last));
}

/** `date` plus `days` days. */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** The task's due date: its start plus the model's duration. */
export const taskDueDate = (start: string, model: Pick<ModelActions, 'durationMonths'>) =>
  addMonths(start, model.durationMonths);

/**
 * The dated actions of a task started on `start` (yyyy-MM-dd) from a model: the prescriptions to issue
 * within two weeks, a follow-up every N months up to M months (and never past the task's end), the
 * education items within the first month. In the order the task's detail lists them.
 */
export function planActions(model: ModelActions, start: string): PlannedAction[] {
  const out: PlannedAction[] = [];
  const rxDue = addDays(start, PRESCRIPTION_DUE_DAYS);
  if (model.dietRx) out.push({ kind: ACTION_KIND.diet, title: '开具膳食处方', content: null, dueDate: rxDue });
  if (model.fitnessRx) out.push({ kind: ACTION_KIND.fitness, title: '开具运动处方', content: null, dueDate: rxDue });
  const every = model.followEveryMonths ?? 0;
  if (model.followMethod && every > 0) {
    const method = optionLabel({ kind: 'select', label: '', options: FOLLOW_UP_METHODS }, model.followMethod);
    const span = Math.min(model.followForMonths ?? model.durationMonths, model.durationMonths);
    for (let k = 1; k * every <= span; k++) {
      out.push({
        kind: ACTION_KIND.followUp,
        title: `第${k}次${method}随访`,
        content: null,
        dueDate: addMonths(start, k * every),
      });
    }
  }
  const eduDue = addDays(start, EDUCATION_DUE_DAYS);
  for (const e of model.education) {
    out.push({ kind: ACTION_KIND.education, title: `宣教：${e.title}`, content: e.content ?? null, dueDate: eduDue });
  }
  return out;
}

/** What makes a task 已逾期: open, and past its own due date or with an undone action past its due date. */
export function taskOverdue(
  task: { status: number; dueDate: string; actions: readonly { dueDate: string; doneAt?: string | null }[] },
  today: string,
): boolean {
  if (task.status !== 1) return false;
  if (task.dueDate < today) return true;
  return task.actions.some((a) => !a.doneAt && a.dueDate < today);
}
