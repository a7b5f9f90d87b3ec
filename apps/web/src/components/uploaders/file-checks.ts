import type { RcFile } from 'antd/es/upload';

/** A client-side check before upload: the message to show, or null when the file may go. */
export type FileCheck = (file: RcFile) => string | null;

const MB = 1024 * 1024;

/** SPEC §5 avatar: PNG or JPEG, under 2 MB. */
export const checkAvatar: FileCheck = (file) => {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return '上传图片只能是 JPG/PNG 格式!';
  if (!(file.size / MB < 2)) return '上传头像图片大小不能超过 2MB!';
  return null;
};

/** SPEC §5 agreement: JPEG, PNG or PDF, under 5 MB. */
export const checkAgreement: FileCheck = (file) => {
  if (!['image/jpeg', 'image/png', 'application/pdf'].includes(file.type)) {
    return '上传文件只能是 JPG/PNG 格式或 PDF 格式!';
  }
  if (!(file.size / MB < 5)) return '上传图片大小不能超过 5MB!';
  return null;
};
