/**
 * Retries transient model errors with exponential backoff, as language-model
 * middleware, so a retry repeats one model call and never re-runs tools.
 *
 * The SDK's own retries only cover HTTP errors (`APICallError`); the Workers AI binding
 * throws plain errors ("3040: Capacity temporarily exceeded", upstream timeouts), so
 * transient errors are recognised by message too.
 */
import { APICallError, type LanguageModelMiddleware } from 'ai';

export interface RetryOptions {
  maxRetries: number;
  /** First delay; doubles each retry (1 s, 2 s, 4 s with the default). */
  baseDelayMs: number;
}

const TRANSIENT =
  /timeout|timed out|temporar|capacity|overloaded|rate.?limit|too many requests|\b429\b|\b50[0-4]\b|econnreset|network|upstream|unavailable/i;

/** Whether an error is worth retrying. Aborts never are. */
export function isTransient(error: unknown): boolean {
  if (error instanceof Error && error.name === 'AbortError') return false;
  if (APICallError.isInstance(error)) return error.isRetryable;
  return error instanceof Error && TRANSIENT.test(error.message);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Middleware that retries `doGenerate` on transient errors. */
export function retryMiddleware(options: RetryOptions): LanguageModelMiddleware {
  return {
    wrapGenerate: async ({ doGenerate, params }) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await doGenerate();
        } catch (error) {
          if (attempt >= options.maxRetries || !isTransient(error) || params.abortSignal?.aborted) throw error;
          await sleep(options.baseDelayMs * 2 ** attempt, params.abortSignal);
        }
      }
    },
  };
}
