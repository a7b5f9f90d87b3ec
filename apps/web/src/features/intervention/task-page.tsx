import { interventionTaskResource, type RouteDef } from '@peis/shared';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { TaskProgress } from '../../components/intervention/task-progress';
import { DATE, DueDate, LinkedRecordTag, type UrlCodec, useUrlFilters } from '../../components/list';
import type { ResourceRecord } from '../../resource-ui/resource-api';
import type { FieldCells } from '../../resource-ui/resource-detail-drawer';
import { ResourceDetailDrawer } from '../../resource-ui/resource-detail-drawer';
import { ResourceListPage } from '../../resource-ui/resource-list-page';
import { TaskDetail } from './task-detail';

const detailBody = (r: ResourceRecord) => <TaskDetail task={r} />;

/** A task linked by id (?id=, from a person's page or 启动干预) is the only row shown, and its detail opens. */
const LINK: UrlCodec<{ id?: number }> = { id: 'number' };

/** A date of an open task that is past: red with 已逾期. */
const dateCell = (r: ResourceRecord, key: 'dueDate' | 'nextDue') => {
  const date = r[key] as string | null;
  return <DueDate date={date} overdue={Number(r.status) === 1 && Boolean(date) && String(date) < today()} />;
};
const today = () => dayjs().format(DATE);

/**
 * How the task's progress, version and dates show (the rest is the declaration's): the task's own due date and
 * its next action's are each red with 已逾期 once past (the row is red when either is).
 */
export const TASK_CELLS: FieldCells = {
  progress: (r) => <TaskProgress record={r} />,
  modelVersion: (r) => (r.modelVersion ? `第${r.modelVersion}版` : '-'),
  dueDate: (r) => dateCell(r, 'dueDate'),
  nextDue: (r) => dateCell(r, 'nextDue'),
};

/**
 * /main/hi/task 干预任务: the declared list (person, model and version, progress, due date marked 已逾期,
 * status) with the declared 完成 / 终止; 查看 shows the planned actions with 标记完成 and the prescription
 * links. Overdue tasks stand out in red.
 */
export default function TaskPage({ route }: { route?: RouteDef }) {
  const resource = interventionTaskResource;
  const { values, set } = useUrlFilters(LINK);
  const id = values.id;
  const fixed = useMemo(() => (id !== undefined ? { id } : undefined), [id]);
  // The linked task's detail opens once per link; closing it leaves the one-row list.
  const [linked, setLinked] = useState<{ id?: number; open: boolean }>({ id, open: id !== undefined });
  if (id !== linked.id && id !== undefined) setLinked({ id, open: true });
  return (
    <>
      <ResourceListPage
        resource={resource}
        title={route?.title}
        fixed={fixed}
        cells={TASK_CELLS}
        detailBody={detailBody}
        rowClassName={(r) => (r.overdue ? 'work-row-alert' : '')}
        toolbarExtra={<LinkedRecordTag label="干预任务" id={id} onClear={() => set({ id: undefined })} />}
      />
      <ResourceDetailDrawer
        resource={resource}
        id={linked.id ?? null}
        open={linked.open}
        onClose={() => setLinked((l) => ({ ...l, open: false }))}
        detailBody={detailBody}
      />
    </>
  );
}
