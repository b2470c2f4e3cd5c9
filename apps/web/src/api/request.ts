/**
 * THE request helper of the web app (SPEC §8 "Request responses", ARCHITECTURE §5). Calls are made
 * with the endpoint objects of the contracts (`call(repoApi.paging, body)`), so the web never writes
 * a path or a response type by hand: the body type is the endpoint's request schema input and the
 * promise resolves with its `data` type.
 *
 * - Every JSON call is POST to the endpoint's path with the session token in header `token`; the
 *   answer is the envelope `{code, msg, data, success}` and `call()` resolves with `data`.
 * - Business failure (code ≠ 0): notification with the server msg or '服务器开小差了呢！', then the
 *   promise rejects with an `ApiError` carrying `code`, `msg` and `data`. Code 10010002 resets the
 *   token and reloads the page. Callers that handle a code themselves (20010001, 20010002,
 *   20010009 …) pass `quiet: [codes]` (or `quiet: true` for every code): no notification for those.
 * - Transport failure: '服务器无法连接或无法响应！' with no response; 502/500/400/404 messages of the
 *   spec; others the error message or '请求服务器出现错误。'. Rejects with `ApiError` code -1 and the
 *   HTTP `status` (0 = no response: `isUnreachable`, which `quietUnreachable` keeps silent).
 * - Timeouts: 60 000 ms; uploads and downloads 1 200 000 ms (SPEC §9).
 * The transport is the browser's `fetch` (an AbortController for the timeout): no HTTP library is
 * shipped to every page (axios cost ~13 KB gzip of the login and exam pages' budget).
 */
import type { z } from 'zod';
import { type DownloadEndpoint, type Envelope, ErrorCode, type JsonEndpoint, type UploadEndpoint } from '@kaopei/contracts';
import { getToken, removeToken } from '../utils/token';
import { notifyError } from '../utils/feedback';

export const BASE_TIMEOUT = 60_000;
export const TRANSFER_TIMEOUT = 1_200_000;

const DEFAULT_BUSINESS_MSG = '服务器开小差了呢！';
/** Code given to transport failures (no envelope). */
export const TRANSPORT_ERROR = -1;

/**
 * A failed call: business code from the envelope, or TRANSPORT_ERROR. `status` is the HTTP status
 * (200 for a business failure, 0 when no response came at all: offline, refused, timed out).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly status: number;
  constructor(code: number, msg: string, data: unknown = null, status = 200) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
  }
  /** True when the server could not be reached (no response: network down, refused, timeout) — worth sending again later. */
  get isUnreachable(): boolean {
    return this.code === TRANSPORT_ERROR && this.status === 0;
  }
}

export function isApiError(err: unknown, code?: number): err is ApiError {
  return err instanceof ApiError && (code === undefined || err.code === code);
}

/** True when `err` is a call that got no response (see ApiError.isUnreachable), as opposed to an answer of the server. */
export function isUnreachable(err: unknown): boolean {
  return err instanceof ApiError && err.isUnreachable;
}

export interface RequestOptions {
  /** Business codes the caller handles itself (no notification); `true` = all codes. */
  quiet?: boolean | number[];
  /** No notification when the server cannot be reached (the caller queues and retries, e.g. the exam's answer queue). */
  quietUnreachable?: boolean;
  timeout?: number;
}

/** One HTTP request of the helper: JSON body, multipart form, or query string (GET downloads). */
interface HttpRequest {
  url: string;
  method: 'GET' | 'POST';
  json?: unknown;
  form?: FormData;
  query?: Record<string, unknown>;
  timeout: number;
}

/** A response that is not 2xx (or no response at all: `status` 0), with its parsed body if JSON. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

/** Sends `req` with the token header; resolves with a 2xx response, rejects with HttpFailure. */
async function transport(req: HttpRequest): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.token = token;
  let body: BodyInit | undefined;
  if (req.form) body = req.form;
  else if (req.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.json ?? {});
  }
  let url = req.url;
  if (req.query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query)) if (v !== undefined && v !== null) params.append(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), req.timeout);
  let res: Response;
  try {
    res = await fetch(url, { method: req.method, headers, body, signal: abort.signal, credentials: 'same-origin' });
  } catch (err) {
    throw new HttpFailure(0, null, err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) {
    let parsed: unknown = null;
    try {
      parsed = (await res.json()) as unknown;
    } catch {
      // not JSON
    }
    throw new HttpFailure(res.status, parsed, `Request failed with status code ${res.status}`);
  }
  return res;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof (value as { code: unknown }).code === 'number';
}

/** SPEC §8 messages for transport failures. */
function transportMessage(err: unknown): string {
  if (err instanceof HttpFailure) {
    if (err.status === 0) return '服务器无法连接或无法响应！';
    switch (err.status) {
      case 502:
        return '无法连接到服务器。';
      case 500:
        return '糟糕，服务器开小差了。';
      case 400:
        return '缺少必要参数或参数类型不正确。';
      case 404:
        return '接口地址错误，请联系管理员。';
      default: {
        const body: unknown = err.body;
        if (isEnvelope(body) && body.msg) return body.msg;
        return err.message || '请求服务器出现错误。';
      }
    }
  }
  return err instanceof Error && err.message ? err.message : '请求服务器出现错误。';
}

function isQuiet(quiet: RequestOptions['quiet'], code: number): boolean {
  return quiet === true || (Array.isArray(quiet) && quiet.includes(code));
}

/** Turn an envelope into data, or notify and throw (shared by call, upload and download). */
function unwrap<T>(body: unknown, options: RequestOptions): T {
  if (!isEnvelope(body)) {
    notifyError('请求服务器出现错误。');
    throw new ApiError(TRANSPORT_ERROR, '请求服务器出现错误。');
  }
  if (body.code === ErrorCode.OK) return body.data as T;
  const msg = body.msg || DEFAULT_BUSINESS_MSG;
  if (body.code === ErrorCode.NOT_LOGGED_IN) {
    removeToken();
    window.location.reload();
    throw new ApiError(body.code, msg, body.data);
  }
  if (!isQuiet(options.quiet, body.code)) notifyError(msg);
  throw new ApiError(body.code, msg, body.data);
}

async function send<T>(req: HttpRequest, options: RequestOptions): Promise<T> {
  let body: unknown;
  try {
    const res = await transport({ ...req, timeout: options.timeout ?? req.timeout });
    body = (await res.json()) as unknown;
  } catch (err) {
    const text = transportMessage(err);
    // A body that is not JSON came from a server (status 200); a body cut off by the network did not.
    const status = err instanceof HttpFailure ? err.status : err instanceof SyntaxError ? 200 : 0;
    if (!(options.quietUnreachable && status === 0)) notifyError(text);
    throw new ApiError(TRANSPORT_ERROR, text, null, status);
  }
  return unwrap<T>(body, options);
}

/** Calls a JSON endpoint with `body`; resolves with the envelope's `data` (typed by the endpoint). */
export function call<E extends JsonEndpoint>(endpoint: E, body: z.input<E['body']>, options: RequestOptions = {}): Promise<z.output<E['data']>> {
  return send<z.output<E['data']>>({ url: endpoint.path, method: 'POST', json: body ?? {}, timeout: BASE_TIMEOUT }, options);
}

/** Multipart upload of one file (field `endpoint.file.field`) with the endpoint's text fields; timeout 1 200 000 ms. */
export function upload<E extends UploadEndpoint>(
  endpoint: E,
  file: File,
  fields: Partial<Record<keyof z.input<E['fields']>, string | undefined>>,
  options: RequestOptions = {},
): Promise<z.output<E['data']>> {
  const form = new FormData();
  form.append(endpoint.file.field, file);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.append(k, String(v));
  return send<z.output<E['data']>>({ url: endpoint.path, method: 'POST', form, timeout: TRANSFER_TIMEOUT }, options);
}

/**
 * File download with the token header (template download, exports); timeout 1 200 000 ms. A JSON
 * answer instead of a file is an error envelope: its msg is shown (SPEC §8 export returning json).
 */
export async function download<E extends DownloadEndpoint>(endpoint: E, body?: z.input<E['body']>, fileName = endpoint.fileName): Promise<void> {
  let blob: Blob;
  try {
    const res = await transport({
      url: endpoint.path,
      method: endpoint.method,
      ...(endpoint.method === 'GET' ? { query: (body ?? {}) as Record<string, unknown> } : { json: body ?? {} }),
      timeout: TRANSFER_TIMEOUT,
    });
    blob = await res.blob();
  } catch (err) {
    const text = transportMessage(err);
    notifyError(text);
    throw new ApiError(TRANSPORT_ERROR, text);
  }
  if (blob.type.includes('application/json')) {
    const envelope: unknown = JSON.parse(await blob.text());
    unwrap<unknown>(envelope, {});
    return;
  }
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
