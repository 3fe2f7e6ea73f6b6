/** An error as Razorpay's API answers it (and the demo gateway, in the same words). */
export interface RazorpayErrorBody {
  error: {
    /** BAD_REQUEST_ERROR, GATEWAY_ERROR or SERVER_ERROR. */
    code: string;
    description: string;
    /** The request field at fault, when one is. */
    field?: string | null;
    source?: string | null;
    step?: string | null;
    reason?: string | null;
    metadata?: Record<string, unknown>;
  };
}

/** What the adapter says when the gateway gave no answer in time or could not be reached. */
export const NO_ANSWER = 'GATEWAY_NO_ANSWER';

/**
 * A call to the gateway that did not succeed: refused (`status` 4xx/5xx, Razorpay's `code`,
 * `description` and `field`) or unanswered (`status` null, code NO_ANSWER: a timeout or a
 * connection that failed, after which the outcome is unknown and is to be asked for again).
 */
export class GatewayError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string,
    readonly description: string,
    readonly field: string | null = null,
  ) {
    super(`${code}: ${description}${field ? ` (${field})` : ''}`);
    this.name = 'GatewayError';
  }

  /** Whether the gateway refused the request as it stood (a 4xx): asking again changes nothing. */
  get refused(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500;
  }
}

export function isRazorpayErrorBody(body: unknown): body is RazorpayErrorBody {
  const error = (body as { error?: unknown } | null)?.error as
    { code?: unknown; description?: unknown } | undefined;
  return typeof error?.code === 'string' && typeof error.description === 'string';
}
