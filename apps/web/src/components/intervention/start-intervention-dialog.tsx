import { describeExpression, interventionModelResource, interventionTaskResource } from '@peis/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, type ButtonProps, Form, Modal, Result, Select, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, http } from '../../app/http';
import { fetchList } from '../../resource-ui/resource-api';
import { freshOnOpen } from '../fresh-on-open';
import { showFailure } from '../list';
import { HI_ROUTES, startFromFinding } from './intervention-api';

/** The confirmed finding an intervention starts from, as its row shows it. */
export interface StartSeed {
  findingId: number;
  employeeId: number;
  name: string;
  ruleName: string;
}

interface ModelOption {
  id: number;
  name: string;
  condition: string;
  currentVersion: number | null;
}

/** The enabled models to pick from (GET /hi/model, 启用 only). */
function useEnabledModels(enabled: boolean) {
  return useQuery({
    queryKey: ['resource', interventionModelResource.endpoint, 'enabled-options'],
    queryFn: ({ signal }) =>
      http
        .get<{ data?: { records?: ModelOption[] } }>(
          interventionModelResource.endpoint,
          { page: 1, pageSize: 200, enabled: 'true', sort: 'name', order: 'asc' },
          { signal },
        )
        .then((a) => a.data?.records ?? []),
    enabled,
  });
}

const taskLink = (id: number) => `${HI_ROUTES.task}?id=${id}`;

/**
 * 启动干预 on a confirmed finding: pick a model, POST /hi/task/start — the task for the finding's person
 * (an existing one of the same model version and year is answered instead of a second) — then a link to it.
 */
export const StartInterventionDialog = freshOnOpen(function StartInterventionDialog({
  seed,
  open,
  onClose,
}: {
  seed: StartSeed | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ modelId?: number }>();
  const modelId = Form.useWatch('modelId', form);
  const models = useEnabledModels(open);
  const picked = models.data?.find((m) => m.id === modelId);
  // What happened: the task made now, or the one the person already had (409 names it; found by person and model).
  const [started, setStarted] = useState<{ taskId: number | null; existing: boolean; modelName: string } | null>(null);
  const start = useMutation({
    mutationFn: async (model: ModelOption) => {
      try {
        const answer = await startFromFinding(seed?.findingId ?? 0, model.id);
        return { taskId: answer.data.id, existing: false, modelName: model.name, msg: answer.msg };
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 409) throw e;
        const found = await fetchList(interventionTaskResource, {
          page: 1,
          pageSize: 1,
          sort: 'year',
          order: 'desc',
          filters: { employeeId: seed?.employeeId, modelId: model.id },
        });
        return { taskId: Number(found.records[0]?.id ?? 0) || null, existing: true, modelName: model.name, msg: e.msg };
      }
    },
    onSuccess: ({ msg, ...outcome }) => {
      setStarted(outcome);
      if (outcome.existing) message.info(msg);
      else message.success(msg || '已启动干预');
    },
    onError: (e) => showFailure(message, e, form),
  });

  if (started) {
    const { existing, taskId } = started;
    return (
      <Modal title="启动干预" open={open} onCancel={onClose} footer={<Button onClick={onClose}>关 闭</Button>}>
        <Result
          status={existing ? 'info' : 'success'}
          title={existing ? '该员工已有这一模型版本的本年度干预任务' : '干预任务已创建'}
          subTitle={`${seed?.name ?? ''} · ${started.modelName}`}
          extra={
            taskId ? (
              <Link to={taskLink(taskId)} onClick={onClose} data-testid="hi-start-open-task">
                查看干预任务
              </Link>
            ) : null
          }
          data-testid="hi-start-done"
        />
      </Modal>
    );
  }
  return (
    <Modal
      title={seed ? `启动干预：${seed.name} · ${seed.ruleName}` : '启动干预'}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={{ xs: '100%', md: 560 }}
      okText="启 动"
      cancelText="取 消"
      confirmLoading={start.isPending}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'hi-start-ok' } as ButtonProps}
    >
      <Form form={form} layout="vertical" onFinish={() => picked && start.mutate(picked)} data-testid="hi-start-form">
        <Form.Item label="干预模型" name="modelId" rules={[{ required: true, message: '请选择干预模型' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="选择启用的干预模型"
            loading={models.isLoading}
            options={(models.data ?? []).map((m) => ({
              value: m.id,
              label: m.currentVersion ? `${m.name}（第${m.currentVersion}版）` : m.name,
            }))}
            notFoundContent={models.isError ? '模型加载失败' : '没有启用的干预模型'}
            data-testid="hi-start-model"
          />
        </Form.Item>
      </Form>
      {picked ? (
        <Alert
          type="info"
          showIcon
          title={`触发条件：${describeExpression(picked.condition) ?? '条件未写完或有误'}`}
          description="按该模型的干预措施和周期为此员工建立干预任务；处方为草稿，由工作人员审核后开具。"
        />
      ) : (
        <Typography.Text type="secondary">干预任务将按所选模型的措施和周期安排。</Typography.Text>
      )}
    </Modal>
  );
});
