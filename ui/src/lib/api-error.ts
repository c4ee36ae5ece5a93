/**
 * A non-2xx answer from the server, with the JSON `detail` and `code` it carried,
 * and `field`, the body field a validation error is about.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(status: number, detail?: string, code?: string, field?: string) {
    super(detail ? `HTTP ${status}: ${detail}` : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.field = field;
  }
}
