import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Typography, Upload, type UploadFile } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { fileSrc, uploadRequest } from '../../components/uploaders/upload-request';

/** One stored file of a file field (the wire format: `{ url, name }`). */
export interface StoredFile {
  url: string;
  name: string;
}

export interface FileInputProps {
  value?: StoredFile[] | null;
  onChange?: (value: StoredFile[]) => void;
  /** Accepted extensions, e.g. ['.pdf', '.jpg']; none = any (the server applies its own rules). */
  accept?: readonly string[];
  maxFiles?: number;
  disabled?: boolean;
  id?: string;
  status?: 'error';
}

/** The file's extension is among `accept` (case-insensitive); no list accepts everything. */
export const acceptsFile = (name: string, accept: readonly string[] | undefined) =>
  !accept?.length || accept.some((ext) => name.toLowerCase().endsWith(ext.toLowerCase()));

/**
 * A file field's control (SPEC §5 uploader, purpose=file): uploads to /api/upload and keeps `{url, name}` of
 * each stored file in order, at most `maxFiles`, of the declared extensions.
 */
export function FileInput({ value, onChange, accept, maxFiles = 1, disabled, id }: FileInputProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  // Several uploads may finish in any order: each appends to the latest list, not the one it started from.
  const latest = useRef<StoredFile[]>([]);
  latest.current = value ?? [];
  const files = value ?? [];
  const fileList = useMemo<UploadFile[]>(
    () => files.map((f) => ({ uid: f.url, name: f.name, status: 'done', url: fileSrc(f.url) })),
    [files],
  );
  const customRequest = useMemo(
    () =>
      uploadRequest({
        purpose: 'file',
        onUploaded: (file) => {
          const next = [...latest.current, { url: file.url, name: file.name ?? file.url.split('/').pop() ?? '文件' }];
          latest.current = next;
          onChange?.(next);
        },
        onRefused: (msg) => message.error(msg),
        onSettled: () => setUploading((n) => Math.max(0, n - 1)),
      }),
    [onChange, message],
  );
  const full = files.length + uploading >= maxFiles;
  const tip = [accept?.length ? `支持 ${accept.join(' / ')}` : '', `最多${maxFiles}个文件`].filter(Boolean).join('，');
  return (
    <div id={id} data-testid="file-input">
      <Upload
        multiple={maxFiles > 1}
        accept={accept?.length ? { format: accept.join(','), filter: 'native' } : undefined}
        fileList={fileList}
        disabled={disabled}
        beforeUpload={(file) => {
          if (!acceptsFile(file.name, accept)) {
            message.error(`只能上传 ${accept?.join(' / ')} 文件`);
            return Upload.LIST_IGNORE;
          }
          if (latest.current.length + uploading >= maxFiles) {
            message.error(`最多上传${maxFiles}个文件`);
            return Upload.LIST_IGNORE;
          }
          setUploading((n) => n + 1);
          return true;
        }}
        customRequest={customRequest}
        onRemove={(file) => {
          const next = files.filter((f) => f.url !== file.uid);
          latest.current = next;
          onChange?.(next);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={disabled || full}>
          点击上传
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
        {tip}
      </Typography.Text>
    </div>
  );
}
