import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@peis/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { download } from '../app/http';
import { type ImportReport, importFile, invalidateResource, leftoverMessage, type RefusedRow } from './resource-api';

export interface ResourceImportDialogProps {
  resource: ResourceDef;
  open: boolean;
  onClose: () => void;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const REFUSED_COLUMNS = [
  { title: '行号', dataIndex: 'row', width: 72 },
  { title: '列', dataIndex: 'column', width: 120 },
  {
    title: '值',
    dataIndex: 'value',
    width: 160,
    render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
  },
  { title: '原因', dataIndex: 'reason' },
];

/**
 * Import of a resource from .xlsx: 下载模板, then a file (POST {endpoint}/import, field `file`), then the
 * server's report — counts and every refused row with its column, value and reason.
 */
export function ResourceImportDialog({ resource, open, onClose }: ResourceImportDialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const close = () => {
    if (busy) return;
    setReport(null);
    onClose();
  };

  return (
    <Modal
      title={`导入${resource.label}`}
      open={open}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={{ xs: '100%', md: 720 }}
      footer={[
        <Button key="close" onClick={close} disabled={busy}>
          关 闭
        </Button>,
      ]}
    >
      <Flex vertical gap={16} data-testid="resource-import-dialog">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <span>请按模板填写后上传（仅支持 .xlsx）。已存在的记录将按模板中的关键列更新。</span>
          <Button
            icon={<DownloadOutlined />}
            data-testid="resource-import-template"
            onClick={() =>
              download(`${resource.endpoint}/import/template`, undefined, `${resource.label}导入模板.xlsx`).catch(
                () => undefined,
              )
            }
          >
            下载模板
          </Button>
        </Flex>
        <Upload.Dragger
          accept={{ format: `.xlsx,${XLSX_MIME}`, filter: 'native' }}
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            if (!file.name.toLowerCase().endsWith('.xlsx')) {
              message.error('只能上传 .xlsx 格式的文件');
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={(options) => {
            const file = options.file as File;
            setBusy(true);
            setReport(null);
            importFile(resource, file, file.name)
              .then((answer) => {
                setReport(answer.data);
                options.onSuccess?.(answer);
                return invalidateResource(queryClient, resource);
              })
              .catch((e: unknown) => {
                const text = leftoverMessage(e);
                if (text) message.error(text);
                options.onError?.(e instanceof Error ? e : new Error(String(e)));
              })
              .finally(() => setBusy(false));
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{busy ? '正在导入…' : '点击或拖拽 .xlsx 文件到此处上传'}</p>
        </Upload.Dragger>
        {report ? <ImportReportView report={report} /> : null}
      </Flex>
    </Modal>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const refused = report.refused ?? [];
  return (
    <Flex vertical gap={12} data-testid="resource-import-report">
      <Alert
        type={refused.length ? 'warning' : 'success'}
        showIcon
        title={refused.length ? `导入完成，${refused.length} 行未导入` : '导入完成'}
      />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 2, sm: 5 }}
        items={[
          { key: 'total', label: '总行数', children: report.total },
          { key: 'created', label: '新增', children: report.created },
          { key: 'updated', label: '更新', children: report.updated },
          { key: 'unchanged', label: '未变化', children: report.unchanged },
          { key: 'refused', label: '未导入', children: refused.length },
        ]}
      />
      {refused.length ? (
        <Table<RefusedRow>
          size="small"
          rowKey={(r) => `${r.row}-${r.column ?? ''}-${r.reason}`}
          columns={REFUSED_COLUMNS}
          dataSource={refused}
          pagination={refused.length > 10 ? { pageSize: 10, showTotal: (t) => `共 ${t} 条` } : false}
          scroll={{ x: 'max-content' }}
          data-testid="resource-import-refused"
        />
      ) : null}
    </Flex>
  );
}
