/**
 * A non-2xx answer from the server, with the JSON `detail` and `code` it carried,
 * `field`, the body field a validation error is about, and `params`, the values the
 * code's sentence names (e.g. `{ product: 'Bruschetta' }` for `sold_out`). The UI
 * shows the code's own sentence (see error-text.ts); `detail` is the server's English
 * one, for the log.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly params: Record<string, string>;

  constructor(status: number, detail?: string, code?: string, field?: string, params: Record<string, string> = {}) {
    super(detail ? `HTTP ${status}: ${detail}` : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.field = field;
    this.params = params;
  }
}
