import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { INDICATORS, indicatorLabel } from '@peis/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Flex,
  Form,
  Modal,
  Progress,
  Result,
  Row,
  Select,
  Space,
  Statistic,
  Steps,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { download } from '../../app/http';
import { freshOnOpen } from '../../components/fresh-on-open';
import { Digits, formatDuration, type PanelProps, randomId } from '../../components/list';
import { phrKeys } from '../../components/phr';
import { leftoverMessage } from '../../resource-ui/resource-api';
import { positiveKeys } from '../positive/positive-api';
import { type CheckImportReport, checkKeys, fetchImportProgress, importChecks, type RefusedCell } from './checks-api';

type Mapping = Record<string, string | null>;
type Stage = 'choose' | 'running' | 'report';

const MAP_OPTIONS = [
  { value: '', label: '忽略此列' },
  ...INDICATORS.map((i) => ({ value: i.code, label: indicatorLabel(i) })),
];

const refusedColumns: TableProps<RefusedCell>['columns'] = [
  { key: 'row', dataIndex: 'row', title: '行号', width: 70, render: (v: number) => v || '-' },
  { key: 'person', dataIndex: 'person', title: '人员', width: 170, render: (v?: string) => v || '-' },
  { key: 'column', dataIndex: 'column', title: '列', width: 150, render: (v?: string) => v || '-' },
  {
    key: 'value',
    dataIndex: 'value',
    title: '值',
    width: 170,
    render: (v?: string | number) => (v === '' || v === undefined ? '-' : <Digits>{String(v)}</Digits>),
  },
  { key: 'reason', dataIndex: 'reason', title: '原因', width: 240 },
];

/** A guess for an unknown header: an indicator whose name or code it contains. */
function guess(header: string): string {
  const h = header.replace(/\s+/g, '').toUpperCase();
  const hit = INDICATORS.find(
    (i) => h.includes(i.name) || (h.length >= 2 && i.name.startsWith(h)) || h === i.code || h.startsWith(`${i.code}(`),
  );
  return hit?.code ?? '';
}

/** The import report: the counts, the columns not understood (with a mapping to retry), the refused cells. */
function ImportReport({
  report,
  onRemap,
  busy,
}: {
  report: CheckImportReport;
  onRemap: (mapping: Mapping) => void;
  busy: boolean;
}) {
  const [form] = Form.useForm<Record<string, string>>();
  const [downloading, setDownloading] = useState(false);
  const refusedRows = new Set(report.refused.filter((r) => r.row > 0).map((r) => r.row)).size;
  const saveReport = async () => {
    setDownloading(true);
    try {
      await download('/phr/check/import/report', undefined, '导入问题报告.xlsx', { refused: report.refused });
    } catch {
      // Already shown.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Flex vertical gap={16} data-testid="check-import-report">
      <Row gutter={[16, 16]}>
        {[
          { title: '读取行数', value: report.total },
          { title: '新增', value: report.created },
          { title: '更新', value: report.updated },
          { title: '无变化', value: report.unchanged },
          { title: '有问题的行', value: refusedRows, danger: refusedRows > 0 },
          { title: '新发现阳性', value: report.findings },
        ].map((s) => (
          <Col key={s.title} xs={8} md={4}>
            <Statistic
              title={s.title}
              value={s.value}
              styles={{ content: s.danger ? { color: '#cf1322' } : undefined }}
            />
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary">用时 {formatDuration(report.elapsedMs)}</Typography.Text>
      {report.unknownHeaders.length ? (
        <Alert
          type="warning"
          showIcon
          title={`有 ${report.unknownHeaders.length} 列表头未能识别，这些列未导入`}
          description={
            <Form<Record<string, string>>
              form={form}
              layout="horizontal"
              labelCol={{ span: 8 }}
              initialValues={Object.fromEntries(report.unknownHeaders.map((h) => [h, guess(h)]))}
              onFinish={(v) => onRemap(Object.fromEntries(report.unknownHeaders.map((h) => [h, v[h] ? v[h] : null])))}
              data-testid="check-import-mapping"
              style={{ marginTop: 8 }}
            >
              <Typography.Paragraph type="secondary">
                为每列选择对应的指标（或忽略），然后用同一文件重新导入；已导入的行不会重复，数值有变化的会更新。
              </Typography.Paragraph>
              {report.unknownHeaders.map((h) => (
                // Header text may hold dots or brackets: keep it as one name segment.
                <Form.Item key={h} label={h} name={[h]} style={{ marginBottom: 8 }}>
                  <Select showSearch={{ optionFilterProp: 'label' }} options={MAP_OPTIONS} style={{ maxWidth: 280 }} />
                </Form.Item>
              ))}
              <Button type="primary" htmlType="submit" loading={busy} data-testid="check-import-remap">
                按映射重新导入
              </Button>
            </Form>
          }
        />
      ) : null}
      {report.refused.length ? (
        <>
          <Flex justify="space-between" align="center">
            <Typography.Text strong>问题明细（{report.refused.length} 处）</Typography.Text>
            <Button
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={saveReport}
              data-testid="check-import-report-download"
            >
              下载问题报告
            </Button>
          </Flex>
          <Table<RefusedCell>
            rowKey={(r) => `${r.row}-${r.column ?? ''}-${r.reason}`}
            size="small"
            columns={refusedColumns}
            dataSource={report.refused}
            pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (t) => `共 ${t} 处` }}
            // On a phone the table scrolls sideways rather than squeezing 原因 to a character a line.
            scroll={{ x: 760 }}
            data-testid="check-import-refused"
          />
        </>
      ) : (
        <Alert type="success" showIcon title="所有行均已导入，没有问题。" />
      )}
    </Flex>
  );
}

/**
 * 导入: 下载模板 → choose an .xlsx (the upload starts at once) → a progress bar with the rows read while the
 * server works → the report: counts, refused cells with a downloadable report, and a header mapping to retry
 * columns it did not recognise.
 */
export const CheckImportDialog = freshOnOpen(function CheckImportDialog({ open, onClose }: PanelProps) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState('');
  const [report, setReport] = useState<CheckImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [templating, setTemplating] = useState(false);

  const run = useMutation({
    mutationFn: ({ f, id, mapping }: { f: File; id: string; mapping?: Mapping }) => importChecks(f, id, mapping),
    onMutate: () => {
      setFailure(null);
      setReport(null);
    },
    onSuccess: (r) => {
      setReport(r);
      void queryClient.invalidateQueries({ queryKey: checkKeys.all });
      void queryClient.invalidateQueries({ queryKey: positiveKeys.all });
      void queryClient.invalidateQueries({ queryKey: phrKeys.all });
    },
    // 400/413/415 carry the server's reason; the rest was already shown by the HTTP client.
    onError: (e) => setFailure(leftoverMessage(e) ?? '导入失败，请稍后重试'),
  });
  const stage: Stage = run.isPending ? 'running' : report || failure ? 'report' : 'choose';

  const progress = useQuery({
    queryKey: checkKeys.progress(importId),
    enabled: run.isPending && Boolean(importId),
    queryFn: ({ signal }) => fetchImportProgress(importId, signal),
    refetchInterval: 500,
    gcTime: 0,
  });
  const rowsRead = progress.data?.rowsRead ?? 0;

  const start = (f: File, mapping?: Mapping) => {
    const id = randomId();
    setFile(f);
    setImportId(id);
    run.mutate({ f, id, mapping });
  };
  const reset = () => {
    run.reset();
    setReport(null);
    setFailure(null);
    setFile(null);
  };
  const template = async () => {
    setTemplating(true);
    try {
      await download('/phr/check/import/template', undefined, '体检数据导入模板.xlsx');
    } catch {
      // Already shown.
    } finally {
      setTemplating(false);
    }
  };

  return (
    <Modal
      title="导入体检数据"
      open={open}
      onCancel={run.isPending ? undefined : onClose}
      closable={!run.isPending}
      mask={{ closable: false }}
      afterOpenChange={(visible) => {
        if (!visible) reset();
      }}
      width={860}
      footer={
        <Space>
          {stage === 'report' ? (
            <Button onClick={reset} data-testid="check-import-again">
              继续导入
            </Button>
          ) : null}
          <Button type={stage === 'report' ? 'primary' : 'default'} disabled={run.isPending} onClick={onClose}>
            {stage === 'report' ? '完 成' : '取 消'}
          </Button>
        </Space>
      }
      data-testid="check-import-dialog"
    >
      <Steps
        size="small"
        current={stage === 'choose' ? 0 : stage === 'running' ? 1 : 2}
        status={failure ? 'error' : undefined}
        style={{ marginBottom: 24 }}
        items={[{ title: '选择文件' }, { title: '导入' }, { title: '结果' }]}
      />
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        style={{ display: 'none' }}
        data-testid="check-import-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) start(f);
        }}
      />
      {stage === 'choose' ? (
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ margin: 0 }}>
            1. 下载模板，按模板填写：身份证号、姓名、体检日期、体检机构和各项指标（表头也可用指标名称或代码）。
            <br />
            2. 选择填好的 .xlsx
            文件，系统逐行校验后导入：同一员工同一体检日期为一条记录，重复导入不会新增，数值不同则更新；
            超出合理范围的值不予导入并列入问题报告。导入后自动按阳性规则评估。
          </Typography.Paragraph>
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              loading={templating}
              onClick={template}
              data-testid="check-import-template"
            >
              下载模板
            </Button>
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => input.current?.click()}
              data-testid="check-import-choose"
            >
              选择文件并导入
            </Button>
          </Space>
        </Flex>
      ) : null}
      {stage === 'running' ? (
        <Flex vertical gap={8} align="center" style={{ padding: '24px 0' }}>
          <Typography.Text>正在导入 {file?.name}…</Typography.Text>
          <Progress
            // The row count is unknown until the end: the bar creeps towards full as rows are read.
            percent={Math.min(99, Math.round(100 * (1 - Math.exp(-rowsRead / 5000))))}
            status="active"
            format={() => `${rowsRead} 行`}
            style={{ width: '80%' }}
            data-testid="check-import-progress"
          />
          <Typography.Text type="secondary">已读取 {rowsRead} 行，请勿关闭窗口</Typography.Text>
        </Flex>
      ) : null}
      {stage === 'report' && failure ? (
        <Result
          status="error"
          title="导入失败"
          subTitle={failure}
          extra={
            <Button type="primary" onClick={() => input.current?.click()} data-testid="check-import-retry">
              重新选择文件
            </Button>
          }
        />
      ) : null}
      {stage === 'report' && report ? (
        <ImportReport report={report} busy={run.isPending} onRemap={(mapping) => file && start(file, mapping)} />
      ) : null}
    </Modal>
  );
});
