import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { FileCheck } from './file-checks';
import { fileNameOf, fileSrc, type UploadPurpose, uploadRequest } from './upload-request';

export interface UrlListUploaderProps {
  /** Urls of the stored files, in order. */
  value?: string[] | null;
  onChange?: (value: string[]) => void;
  disabled?: boolean;
  id?: string;
}

interface BaseProps extends UrlListUploaderProps {
  purpose: UploadPurpose;
  check?: FileCheck;
  accept?: string;
  listType: UploadProps['listType'];
  tip?: ReactNode;
  testId?: string;
}

/** The list uploaders' common body: a controlled list of urls, each upload appending the answer's first url. */
export function UrlListUploader({
  value,
  onChange,
  disabled,
  id,
  purpose,
  check,
  accept,
  listType,
  tip,
  testId,
}: BaseProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  // Names given by the upload answers of this session; a reloaded record falls back to the url's last segment.
  const names = useRef(new Map<string, string>());
  // Several files may finish in any order: append to the latest list, not the one captured at start.
  const latest = useRef<string[]>([]);
  latest.current = value ?? [];

  const fileList = useMemo<UploadFile[]>(
    () =>
      (value ?? []).map((url) => ({
        uid: url,
        name: names.current.get(url) ?? fileNameOf(url),
        status: 'done',
        url: fileSrc(url),
      })),
    [value],
  );

  const customRequest = useMemo(
    () =>
      uploadRequest({
        purpose,
        onUploaded: (file) => {
          if (file.name) names.current.set(file.url, file.name);
          const next = [...latest.current, file.url];
          latest.current = next;
          onChange?.(next);
        },
        onRefused: (msg) => message.error(msg),
        onSettled: () => setUploading((n) => Math.max(0, n - 1)),
      }),
    [purpose, onChange, message],
  );

  return (
    <div data-testid={testId} id={id}>
      <Upload
        listType={listType}
        multiple
        accept={accept ? { format: accept, filter: 'native' } : undefined}
        fileList={fileList}
        disabled={disabled}
        beforeUpload={(file) => {
          const problem = check?.(file);
          if (problem) {
            message.error(problem);
            return Upload.LIST_IGNORE;
          }
          setUploading((n) => n + 1);
          return true;
        }}
        customRequest={customRequest}
        onRemove={(file) => {
          const next = (value ?? []).filter((url) => url !== file.uid);
          latest.current = next;
          onChange?.(next);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={disabled}>
          点击上传
        </Button>
      </Upload>
      {tip ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {tip}
        </Typography.Text>
      ) : null}
    </div>
  );
}
