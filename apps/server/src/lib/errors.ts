/** An error with the HTTP status and Chinese message the client should see. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** Sent as the answer's `data` (e.g. a refused transition's current state). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, errors?: { path: string; message: string }[]) => new AppError(400, msg, errors);
export const unauthorized = (msg = '请先登录') => new AppError(401, msg);
export const forbidden = (msg = '没有权限执行此操作') => new AppError(403, msg);
export const notFound = (msg = '记录不存在') => new AppError(404, msg);
export const conflict = (msg = '数据已被他人修改，请刷新后重试') => new AppError(409, msg);
/** A 400 naming the one form field at fault (the form shows the message under it). */
export const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);
