/**
 * Analyst configuration, read from the Worker's vars:
 * - `ANALYST`: `offline` (default, no model), `workers-ai` (the `AI` binding through
 *   workers-ai-provider) or `openai` (any OpenAI-compatible server, e.g. llama.cpp or
 *   Ollama: `OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_MODEL`);
 * - `AI_MODEL`: the Workers AI model, default `@cf/meta/llama-3.3-70b-instruct-fp8-fast`.
 * A model analyst that is missing what it needs (no binding, no base URL) runs offline.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { wrapLanguageModel, type LanguageModel } from 'ai';
import { createWorkersAI, type WorkersAISettings } from 'workers-ai-provider';
import { retryMiddleware } from './model/retry';

export const DEFAULT_WORKERS_AI_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast';

/** The Workers AI binding type (`Ai` in the Worker's generated `Env`). */
export type WorkersAIBinding = Extract<WorkersAISettings, { binding: unknown }>['binding'];

/** A model object (not a gateway id string). */
export type ModelInstance = Exclude<LanguageModel, string>;

/** The vars and bindings the analyst reads; the Worker's `Env` satisfies it. */
export interface AnalystEnv {
  ANALYST?: string;
  AI?: WorkersAIBinding;
  AI_MODEL?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
}

/** Caps that bound one model run's cost and duration. */
export interface ModelLimits {
  /** Model calls per turn; each tool round is one step. */
  maxSteps: number;
  /** Output tokens per model call: a full report is ~900 tokens. */
  maxOutputTokens: number;
  /** Wall time for a whole turn; a DO alarm has 15 min, so this leaves room to fall back. */
  timeoutMs: number;
  /** Wall time for one model call. */
  stepTimeoutMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  /** Characters of earlier chat kept as context (about 2,000 tokens). */
  historyChars: number;
}

export const DEFAULT_LIMITS: ModelLimits = {
  maxSteps: 10,
  maxOutputTokens: 1500,
  timeoutMs: 180_000,
  stepTimeoutMs: 60_000,
  maxRetries: 3,
  retryBaseDelayMs: 1000,
  historyChars: 8000,
};

export type AnalystConfig =
  { kind: 'offline'; reason?: string } | { kind: 'model'; label: string; model: ModelInstance; limits: ModelLimits };

/** Options for tests and the CLI: an injected model and tighter limits. */
export interface AnalystOverrides {
  model?: ModelInstance;
  limits?: Partial<ModelLimits>;
}

/** The analyst to use for these vars (an injected model wins). */
export function analystConfigFromEnv(env: AnalystEnv, overrides: AnalystOverrides = {}): AnalystConfig {
  const limits = { ...DEFAULT_LIMITS, ...overrides.limits };
  const withRetries = (model: ModelInstance): ModelInstance =>
    wrapLanguageModel({ model, middleware: retryMiddleware({ maxRetries: limits.maxRetries, baseDelayMs: limits.retryBaseDelayMs }) });
  if (overrides.model) return { kind: 'model', label: 'injected model', model: withRetries(overrides.model), limits };
  const kind = (env.ANALYST ?? 'offline').trim().toLowerCase();
  if (kind === 'workers-ai') {
    if (!env.AI) return { kind: 'offline', reason: 'ANALYST is workers-ai but the AI binding is missing' };
    const modelId = env.AI_MODEL?.trim() || DEFAULT_WORKERS_AI_MODEL;
    const workersAi = createWorkersAI({ binding: env.AI });
    return { kind: 'model', label: `Workers AI ${modelId}`, model: withRetries(workersAi(modelId)), limits };
  }
  if (kind === 'openai') {
    const baseURL = env.OPENAI_BASE_URL?.trim();
    const modelId = env.OPENAI_MODEL?.trim();
    if (!baseURL || !modelId) return { kind: 'offline', reason: 'ANALYST is openai but OPENAI_BASE_URL or OPENAI_MODEL is empty' };
    const provider = createOpenAICompatible({ name: 'openai-compatible', baseURL, apiKey: env.OPENAI_API_KEY?.trim() || undefined });
    return { kind: 'model', label: `${modelId} at ${baseURL}`, model: withRetries(provider.chatModel(modelId)), limits };
  }
  return { kind: 'offline' };
}
