/**
 * The endpoint table (ARCHITECTURE §2 "contracts"): every call of the platform is declared ONCE, in
 * its domain's contracts file (`packages/contracts/src/<domain>.ts`), as an `Endpoint`:
 *
 *   export const repoApi = {
 *     paging: json({ path: '/api/repo/paging', summary: '分页查询题库', access: RepoPerm.LIST, body: repoPagingReq, data: repoPagingRes }),
 *   };
 *
 * The server registers its handler with the same object (`r.json(repoApi.paging, …)`), the web calls
 * it with the typed helper (`call(repoApi.paging, body)` → data), the API tests call it by object,
 * the permission matrix enumerates it and `docs/api.md` is generated from it. Nobody writes a path
 * string or a response type a second time.
 *
 * Kinds (ARCHITECTURE §3):
 * - `json`: POST with a JSON body validated by `body`; answers the envelope whose `data` is
 *   serialised through `data` (fields not listed never leave the server);
 * - `upload`: POST multipart with one file (`file.field`, extensions `file.accept`, at most
 *   `file.maxBytes`) and text fields validated by `fields`; answers the envelope like `json`;
 * - `download`: GET (query validated by `body`) or POST (JSON body) answering a file; failures
 *   before the file starts answer the JSON envelope (SPEC §8 "export returning json").
 */
import { z } from 'zod';

/**
 * Who may make a call (SPEC §6): 'public' (anyone), 'user' (any logged-in user), a permission code
 * the caller must hold, or a list of codes of which the caller needs one (calls whose code depends
 * on the body, e.g. save = add or update, list both and refine in the handler).
 */
export type Access = 'public' | 'user' | `${string}:${string}` | readonly `${string}:${string}`[];

interface EndpointBase<A extends Access> {
  /** Absolute path, e.g. `/api/repo/paging` (SPEC §7 paths are used as they are). */
  path: string;
  /** One line for the API list and OpenAPI. */
  summary: string;
  access: A;
  /** True when the spec does not show this path and we chose it (listed as such in docs/api.md). */
  ours?: boolean;
  /**
   * True for calls that change nothing (paging, detail, lists, trees, templates). Every other call
   * that needs a permission code is an administrator's write and is recorded in the operation log.
   */
  readOnly?: boolean;
}

export interface JsonEndpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType, A extends Access = Access> extends EndpointBase<A> {
  kind: 'json';
  body: B;
  data: D;
}

/** The one file of an upload. */
export interface UploadFileRule {
  /** Multipart field name of the file (e.g. `file`). */
  field: string;
  /** Allowed extensions, lower case with the dot (e.g. ['.xlsx']). */
  accept: readonly string[];
  /** Largest accepted file in bytes. */
  maxBytes: number;
}

export interface UploadEndpoint<F extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType, A extends Access = Access> extends EndpointBase<A> {
  kind: 'upload';
  /** Text fields of the multipart body. */
  fields: F;
  file: UploadFileRule;
  data: D;
}

export interface DownloadEndpoint<B extends z.ZodType = z.ZodType, A extends Access = Access> extends EndpointBase<A> {
  kind: 'download';
  method: 'GET' | 'POST';
  /** GET: the query string; POST: the JSON body. */
  body: B;
  /** The file name the browser saves when the server does not name one. */
  fileName: string;
}

export type Endpoint = JsonEndpoint | UploadEndpoint | DownloadEndpoint;

/** Body of calls that take no payload (SPEC §7 "/logout (no payload)"): anything, read as `{}`. */
export const emptyBody = z.object({});

type JsonDef<B extends z.ZodType, D extends z.ZodType, A extends Access> = Omit<JsonEndpoint<B, D, A>, 'kind' | 'body'> & { body?: B };

/** Declares a JSON call; `body` defaults to `emptyBody`. */
export function json<D extends z.ZodType, A extends Access, B extends z.ZodType = typeof emptyBody>(def: JsonDef<B, D, A>): JsonEndpoint<B, D, A> {
  return { ...def, kind: 'json', body: (def.body ?? emptyBody) as B };
}

/** Declares a multipart upload call. */
export function upload<F extends z.ZodType, D extends z.ZodType, A extends Access>(def: Omit<UploadEndpoint<F, D, A>, 'kind'>): UploadEndpoint<F, D, A> {
  return { ...def, kind: 'upload' };
}

/** Declares a file download (GET by default); `body` defaults to `emptyBody`. */
export function download<A extends Access, B extends z.ZodType = typeof emptyBody>(
  def: Omit<DownloadEndpoint<B, A>, 'kind' | 'method' | 'body'> & { method?: 'GET' | 'POST'; body?: B },
): DownloadEndpoint<B, A> {
  return { ...def, kind: 'download', method: def.method ?? 'GET', body: (def.body ?? emptyBody) as B };
}

/** True when `value` is an endpoint declared with json/upload/download. */
export function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { kind?: unknown; path?: unknown };
  return (v.kind === 'json' || v.kind === 'upload' || v.kind === 'download') && typeof v.path === 'string';
}

/** Request type of a JSON endpoint (what a client sends). */
export type BodyOf<E extends { body: z.ZodType }> = z.input<E['body']>;
/** `data` type of a JSON or upload endpoint as the client receives it. */
export type DataOf<E extends { data: z.ZodType }> = z.output<E['data']>;

/** The permission codes of an access rule ([] for 'public' and 'user'). */
export function accessCodes(access: Access): readonly string[] {
  if (access === 'public' || access === 'user') return [];
  return typeof access === 'string' ? [access] : access;
}
