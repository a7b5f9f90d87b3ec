import { toast } from './feedback';
import { clearSession, getToken } from './session';

/** SPEC §7: every call goes to /api on the same origin. */
export const API_BASE = '/api';
/** SPEC §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 5_000_000;
/** SPEC §8: a 401 sends the browser to the app root, which redirects to the login page. */
const APP_ROOT = '/peis/';
/** The answer to every call but the session's own while an initial password is unchanged. */
export const PASSWORD_CHANGE_REQUIRED = 428;
/** The page where an account changes its password. */
export const PASSWORD_PATH = '/main/password';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export interface FieldError {
  path: string;
  message: string;
}

/** Any failed call. `msg` is the server's Chinese message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly msg: string;
  readonly errors: FieldError[];
  constructor(status: number, msg: string, errors: FieldError[] = []) {
    super(msg || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.msg = msg;
    this.errors = errors;
  }
}

/**
 * Per-call override of the SPEC §8 catalogue, keyed by HTTP status; 'other' covers every status not listed
 * and network failures or timeouts (status 0). A string replaces the toast; false means the caller handles
 * the ApiError itself (for 401 that also means no redirect — the login form relies on it).
 */
export type Catalogue = Partial<Record<number | 'other', string | false>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON, or as-is for FormData (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  catalogue?: Catalogue;
  signal?: AbortSignal;
}

/** Standard query string; undefined, null and '' are left out, arrays repeat the key. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Text of the SPEC §8 catalogue for a status, or null when the caller shows the server's own message. */
function catalogueMessage(status: number, hasServerMsg: boolean): string | null {
  if (status === 403) return `权限错误：${status}`;
  if (status === 404 || status === 500) return `服务器错误：${status}`;
  // 400/409/413/415/423…: the server explains in Chinese and the caller shows it next to the form.
  if (status >= 400 && status < 500 && hasServerMsg) return null;
  return '未知错误';
}

/** Applies the catalogue (or the per-call override) to a failure. Exported for callers that catch themselves. */
export function reportError(error: ApiError, catalogue?: Catalogue): void {
  const override = catalogue?.[error.status] ?? catalogue?.other;
  if (override === false) return;
  if (typeof override === 'string') {
    toast().error(override);
    return;
  }
  if (error.status === 401) {
    clearSession();
    window.location.href = APP_ROOT;
    return;
  }
  // The account still has the password an administrator set: the server answers nothing else until it is changed.
  if (error.status === PASSWORD_CHANGE_REQUIRED) {
    toast().error(error.msg || '请先修改密码');
    if (!window.location.pathname.endsWith(PASSWORD_PATH)) window.location.href = `/peis${PASSWORD_PATH}`;
    return;
  }
  const text = error.status === 0 ? '未知错误' : catalogueMessage(error.status, Boolean(error.msg));
  if (text) toast().error(text);
}

async function errorFromResponse(res: Response): Promise<ApiError> {
  let msg = '';
  let errors: FieldError[] = [];
  try {
    const body = (await res.json()) as { msg?: unknown; errors?: unknown };
    if (typeof body.msg === 'string') msg = body.msg;
    if (Array.isArray(body.errors)) errors = body.errors as FieldError[];
  } catch {
    // Not JSON (proxy error page, empty body): the catalogue text is all there is.
  }
  return new ApiError(res.status, msg, errors);
}

/** fetch with the bearer token and the SPEC §9 timeout; network failures become ApiError status 0. */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort);
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  try {
    return await fetch(`${API_BASE}${path}${toQueryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(0, '');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The one HTTP client: JSON in, JSON out; failures are reported per SPEC §8 and thrown as ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    const res = await send(path, options, 'application/json');
    if (!res.ok) throw await errorFromResponse(res);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError(0, '');
    // A caller-cancelled request (component unmounted, query cancelled) is not a failure to report.
    if (!options.signal?.aborted) reportError(error, options.catalogue);
    throw error;
  }
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, query?: Query, opts?: Opts) => request<T>(path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, query?: Query, opts?: Opts) => request<T>(path, { ...opts, method: 'DELETE', query }),
};

/**
 * SPEC §7 shared save helper: POST {path} when the entity has no id, PUT {path}{id} when it has one
 * (so pass a path ending in '/' for REST-style URLs, e.g. save('/user/', row)).
 */
export function save<T = unknown>(path: string, entity: object, opts?: Opts): Promise<T> {
  const id = (entity as { id?: unknown }).id;
  return id === undefined || id === null || id === ''
    ? http.post<T>(path, entity, opts)
    : http.put<T>(`${path}${id}`, entity, opts);
}

/** File name from a Content-Disposition header; RFC 5987 filename* wins over filename. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // Malformed percent-encoding: fall through to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const name = (plain[2] ?? plain[1]).trim();
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Downloads a file answer (SPEC §7 export) and saves it under the server's file name. Failures are shown
 * (SPEC §8 export failure): the server's message when it sent one, else the catalogue text. With a `body`
 * the file is POSTed for (the import problem report, built from the refused cells the page holds).
 */
export async function download(path: string, query?: Query, fallbackName = 'download', body?: unknown): Promise<void> {
  try {
    const res = await send(path, { query, method: body === undefined ? 'GET' : 'POST', body }, '*/*');
    if (!res.ok) throw await errorFromResponse(res);
    const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the download before the blob goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError(0, '');
    // Statuses the catalogue leaves to the caller (400, 409…) show the server's own text here.
    const leftToCaller =
      error.status > 0 && error.status !== 401 && !catalogueMessage(error.status, Boolean(error.msg));
    if (leftToCaller) toast().error(error.msg);
    else reportError(error);
    throw error;
  }
}

/** The message to show for a failure the caller handles (server text first). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.msg) return error.msg;
  return '未知错误';
}
