import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile } from 'antd';
import { useMemo, useState } from 'react';
import { checkAvatar } from './file-checks';
import { fileNameOf, fileSrc, uploadRequest } from './upload-request';

export interface AvatarUploaderProps {
  /** The stored image's url (SPEC §2 image field value). */
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  id?: string;
}

/**
 * SPEC §2/§5 image uploader: PNG/JPEG under 2 MB, checked before upload; purpose=avatar. One image; remove it
 * to choose another.
 */
export function AvatarUploader({ value, onChange, disabled, id }: AvatarUploaderProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const fileList = useMemo<UploadFile[]>(
    () => (value ? [{ uid: value, name: fileNameOf(value), status: 'done', url: fileSrc(value) }] : []),
    [value],
  );
  const customRequest = useMemo(
    () =>
      uploadRequest({
        purpose: 'avatar',
        onUploaded: (file) => onChange?.(file.url),
        onRefused: (msg) => message.error(msg),
        onSettled: () => setUploading(false),
      }),
    [onChange, message],
  );
  return (
    <div data-testid="avatar-uploader" id={id}>
      <Upload
        listType="picture-card"
        accept={{ format: 'image/png,image/jpeg', filter: 'native' }}
        fileList={fileList}
        maxCount={1}
        disabled={disabled}
        beforeUpload={(file) => {
          const problem = checkAvatar(file);
          if (problem) {
            message.error(problem);
            return Upload.LIST_IGNORE;
          }
          setUploading(true);
          return true;
        }}
        customRequest={customRequest}
        onRemove={() => {
          onChange?.(null);
          return false;
        }}
      >
        {value ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'inherit' }}>
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 8 }}>{uploading ? '上传中' : '上传'}</div>
          </button>
        )}
      </Upload>
    </div>
  );
}
