import type { UploadProps } from 'antd';
import { API_BASE, ApiError, reportError } from '../../app/http';
import { getToken } from '../../app/session';

/** What the file is for; the server applies its own type and size rules per purpose. */
export type UploadPurpose = 'avatar' | 'agreement' | 'file';

/** One stored file of the upload answer (SPEC §3: data list whose items carry url). */
export interface UploadedFile {
  url: string;
  name?: string;
  size?: number;
  id?: string | number;
}

/** SPEC §3 upload response: success is status === 'success', anything else carries msg. */
export interface UploadAnswer {
  status?: string;
  msg?: string;
  data?: UploadedFile[];
}

export const UPLOAD_URL = `${API_BASE}/upload`;

/**
 * Address for <img>/<a> of a stored file. Those cannot send the bearer header, so our own /api files get the
 * session token as a query parameter; any other address is left alone so the token never leaves the site.
 */
export function fileSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const token = getToken();
  if (!token || !url.startsWith(`${API_BASE}/`)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/** A readable name for a stored file when the upload answer's name is no longer at hand. */
export function fileNameOf(url: string): string {
  const last = url.split('?')[0].split('/').pop();
  return last ? decodeURIComponent(last) : url;
}

/**
 * POST /api/upload as multipart (purpose first, then file) with the bearer header. Uses fetch directly:
 * the JSON helper of http.ts would apply the SPEC §8 catalogue, while uploads have their own rules.
 * Network failures reject; any HTTP answer resolves with its body (or a stand-in when it is not JSON).
 */
export async function postUpload(file: Blob, purpose: UploadPurpose, signal?: AbortSignal): Promise<UploadAnswer> {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file, file instanceof File ? file.name : 'file');
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // The purpose also rides in the query so the server knows the rule before the file's first byte.
  const res = await fetch(`${UPLOAD_URL}?purpose=${purpose}`, { method: 'POST', headers, body, signal });
  // An expired session is not an upload problem: back to the login page like every other call.
  if (res.status === 401) reportError(new ApiError(401, ''));
  try {
    return (await res.json()) as UploadAnswer;
  } catch {
    return { status: 'error', msg: '' };
  }
}

type CustomRequest = NonNullable<UploadProps['customRequest']>;

interface UploadHandlers {
  purpose: UploadPurpose;
  onUploaded: (file: UploadedFile) => void;
  onRefused: (msg: string) => void;
  onSettled?: () => void;
}

/**
 * antd Upload customRequest for the three uploaders (SPEC §5/§8): the first item of data on success,
 * the server's msg as an error otherwise, and a network failure only logged.
 */
export function uploadRequest({ purpose, onUploaded, onRefused, onSettled }: UploadHandlers): CustomRequest {
  return (options) => {
    const controller = new AbortController();
    postUpload(options.file as Blob, purpose, controller.signal)
      .then((answer) => {
        const first = answer.data?.[0];
        if (answer.status === 'success' && first?.url) {
          options.onSuccess?.(answer);
          onUploaded(first);
        } else {
          onRefused(answer.msg || '上传失败');
          options.onError?.(new Error(answer.msg || 'upload refused'), answer);
        }
      })
      .catch((error: unknown) => {
        // SPEC §8: a network-level upload failure is logged only.
        console.error('upload failed', error);
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => onSettled?.());
    return { abort: () => controller.abort() };
  };
}
