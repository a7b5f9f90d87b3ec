import { toast } from '../../app/feedback';
import { ApiError } from '../../app/http';

/**
 * SPEC §8: a picker whose options fail to load says so in a toast. The HTTP client already shows the
 * catalogue text (403/404/500/network); a 4xx carrying the server's own message is left to the caller,
 * so it is shown here. Runs inside the query function, so a shared query reports once, not once per picker.
 */
export function reportLoadFailure(error: unknown): void {
  if (
    error instanceof ApiError &&
    error.msg &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 404].includes(error.status)
  ) {
    toast().error(error.msg);
  }
}
