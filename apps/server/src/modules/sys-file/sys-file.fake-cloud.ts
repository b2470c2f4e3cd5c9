/**
 * Tests only: local fake HTTP servers of aliyun OSS (+ STS), qcloud COS (+ STS) and qiniu Kodo that
 * CHECK EVERY REQUEST'S SIGNATURE by recomputing it from the request and the secret the test gave
 * them, as the vendors document it and as the SDKs in node_modules send it, and answer 403 (401
 * for a qiniu upload token) with the vendor's error code when it does not match:
 *
 * - OSS (ali-oss 6.x, V1): header `Authorization: OSS <ak>:<base64 HMAC-SHA1(secret, VERB\n
 *   Content-MD5\nContent-Type\nx-oss-date\n<x-oss-* headers>\n/<bucket>/<key>)>`, or the query
 *   form of signed urls `OSSAccessKeyId, Expires, Signature` (Expires instead of the date).
 *   STS AssumeRole (RPC): `Signature` = base64 HMAC-SHA1(secret + '&', 'POST&%2F&' +
 *   percent(sorted params)).
 * - COS (cos-nodejs-sdk-v5, `q-sign-algorithm=sha1`): SignKey = hex HMAC-SHA1(secret, KeyTime);
 *   StringToSign = 'sha1\n' + SignTime + '\n' + hex SHA1(method\npath\nparams\nheaders\n) + '\n';
 *   Signature = hex HMAC-SHA1(SignKey, StringToSign); in the Authorization header or the query.
 *   STS (API 3.0): TC3-HMAC-SHA256 of the JSON body.
 * - qiniu (qiniu 7.x): upload token `<ak>:<urlsafe-b64 HMAC-SHA1(secret, encodedPolicy)>:<encodedPolicy>`
 *   in the form field `token` (scope, deadline and insertOnly checked); private download urls
 *   `?e=<deadline>&token=<ak>:<urlsafe-b64 HMAC-SHA1(secret, url?e=deadline)>`; management calls
 *   `Authorization: Qiniu <ak>:<sig>` (v2: 'METHOD path?query\nHost: host[:port]\nContent-Type: …
 *   \n<X-Qiniu-* headers>\n\n<body>' — the SDK appends the port to a host that already has it, and
 *   this server accepts exactly what the SDK sends).
 *
 * Requests signed with the temporary credentials of the fake STS calls (FAKE_TEMP) are accepted
 * with their security token, as browser uploads send them. Every server answers CORS (preflight
 * included) for any origin, as a bucket set up for browser uploads does; keeps objects in memory, answers GET with HTTP Range (206), counts requests by
 * outcome (`log`) and listens on 127.0.0.1 at a random port.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCloud {
  /** http://127.0.0.1:<port> */
  url: string;
  objects: Map<string, { body: Buffer; type: string }>;
  /** One entry per request: `<METHOD> <path> <status>`. */
  log: string[];
  close(): Promise<void>;
}

export interface FakeCreds {
  accessKeyId: string;
  accessKeySecret: string;
  bucket: string;
}

/**
 * The temporary credentials the fake STS calls hand out (OSS AssumeRole, COS GetFederationToken):
 * requests signed with them are accepted only with their security token (OSS `x-oss-security-token`,
 * COS `x-cos-security-token`), as the real services do, and only as far as the policy of the STS
 * request allows: the token carries the policy's resources (`<prefix>|<base64url JSON>`), and a
 * temporary request may only put (PUT, or POST of a multipart upload) an object one of them names
 * (`<bucket>/<key>` exactly, or `<bucket>/*`).
 */
export const FAKE_TEMP = {
  oss: { accessKeyId: 'STS.tmp-id', accessKeySecret: 'tmp-secret' },
  cos: { accessKeyId: 'tmp-id', accessKeySecret: 'tmp-key', token: 'tmp-token' },
} as const;

/** `<prefix>|<resources>`: a security token carrying the resources its policy allows. */
const tokenWith = (prefix: string, resources: string[]) => `${prefix}|${Buffer.from(JSON.stringify(resources)).toString('base64url')}`;
/** Whether the security token `token` (of tokenWith) allows putting `bucket/key` with `method`. */
function tokenAllows(token: string, method: string, bucket: string, key: string): boolean {
  if (method !== 'PUT' && method !== 'POST') return false;
  let resources: unknown;
  try {
    resources = JSON.parse(Buffer.from(token.slice(token.indexOf('|') + 1), 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  // The part after the last ':' of an ARN-like resource: `<bucket>/<key>` or `<bucket>/*`.
  return Array.isArray(resources) && resources.some((r) => {
    const tail = String(r).slice(String(r).lastIndexOf(':') + 1);
    return tail === `${bucket}/${key}` || tail === `${bucket}/*`;
  });
}

const hmac = (alg: string, key: string | Buffer, v: string | Buffer) => crypto.createHmac(alg, key).update(v);
const urlsafe = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_');
const eq = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

/** Answers an object's bytes, a Range of them (206) or 416. */
function sendObject(req: http.IncomingMessage, res: http.ServerResponse, obj: { body: Buffer; type: string }): number {
  const size = obj.body.length;
  const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  if (m) {
    const start = Number(m[1]);
    const end = Math.min(m[2] ? Number(m[2]) : size - 1, size - 1);
    if (start >= size || end < start) {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return 416;
    }
    res.writeHead(206, { 'content-type': obj.type, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` }).end(obj.body.subarray(start, end + 1));
    return 206;
  }
  res.writeHead(200, { 'content-type': obj.type, 'content-length': size }).end(obj.body);
  return 200;
}

async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer, objects: FakeCloud['objects']) => number | Promise<number>): Promise<FakeCloud> {
  const objects: FakeCloud['objects'] = new Map();
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      // CORS as a bucket configured for browser uploads answers it (any origin; the SDKs' headers).
      res.setHeader('access-control-allow-origin', String(req.headers.origin ?? '*'));
      res.setHeader('access-control-expose-headers', 'ETag, Content-Length, x-oss-request-id, x-cos-request-id, x-reqid');
      if (req.method === 'OPTIONS') {
        res.writeHead(200, {
          'access-control-allow-methods': 'GET, PUT, POST, DELETE, HEAD',
          'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
          'access-control-max-age': '600',
        }).end();
        log.push(`OPTIONS ${url.pathname} 200`);
        return;
      }
      const body = await readBody(req);
      let status: number;
      try {
        status = await handler(req, res, url, body, objects);
      } catch (err) {
        status = 500;
        res.writeHead(500).end(String(err));
      }
      log.push(`${req.method} ${url.pathname} ${status}`);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    log,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const xmlError = (res: http.ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  return status;
};

// ---------------------------------------------------------------- aliyun OSS + STS

/** Percent-encoding of the aliyun RPC signature (RFC 3986: also ! ' ( ) *). */
const rpcEscape = (v: string) => encodeURIComponent(v).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A');

/** Sub-resources of the OSS V1 canonical resource that these servers meet (ali-oss signs them as `?k[=v]&…`, sorted). */
const OSS_SUBRESOURCES = new Set(['uploads', 'uploadId', 'partNumber', 'sequential', 'acl', 'delete', 'append', 'position', 'security-token', 'response-content-type', 'response-content-disposition', 'response-cache-control', 'response-expires', 'x-oss-process']);

/**
 * A fake OSS bucket (path style: an IP endpoint has no bucket in the host) that also answers STS
 * AssumeRole at POST /, and multipart uploads (POST ?uploads, PUT ?partNumber&uploadId, POST
 * ?uploadId: the browser SDK's multipartUpload, which reports progress per part).
 */
export function fakeOss(c: FakeCreds): Promise<FakeCloud> {
  const uploads = new Map<string, { key: string; type: string; parts: Map<number, Buffer> }>();
  return serve((req, res, url, body, objects) => {
    const method = req.method ?? 'GET';
    if (method === 'POST' && url.pathname === '/') {
      const params = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      const { Signature: sig = '', ...rest } = params;
      const canon = Object.keys(rest).sort().map((k) => `${rpcEscape(k)}=${rpcEscape(rest[k] as string)}`).join('&');
      const expected = hmac('sha1', `${c.accessKeySecret}&`, `POST&${rpcEscape('/')}&${rpcEscape(canon)}`).digest('base64');
      if (rest.AccessKeyId !== c.accessKeyId || !eq(sig, expected)) {
        res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }));
        return 403;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        RequestId: 'fake',
        Credentials: { AccessKeyId: FAKE_TEMP.oss.accessKeyId, AccessKeySecret: FAKE_TEMP.oss.accessKeySecret, SecurityToken: tokenWith(`token-for-${rest.RoleArn}`, (JSON.parse(rest.Policy ?? '{}') as { Statement?: { Resource?: string[] }[] }).Statement?.flatMap((st) => st.Resource ?? []) ?? []), Expiration: new Date(Date.now() + Number(rest.DurationSeconds) * 1000).toISOString() },
      }));
      return 200;
    }
    const key = decodeURIComponent(url.pathname.slice(1));
    const h = req.headers;
    const ossHeaders = Object.keys(h).filter((k) => k.startsWith('x-oss-')).sort().map((k) => `${k}:${String(h[k]).trim()}`);
    const sub = [...new Set(url.searchParams.keys())].filter((k) => OSS_SUBRESOURCES.has(k)).sort();
    const resource = `/${c.bucket}/${key}${sub.length ? `?${sub.map((k) => (url.searchParams.get(k) ? `${k}=${url.searchParams.get(k)}` : k)).join('&')}` : ''}`;
    let ak: string;
    let sig: string;
    let date: string;
    const auth = h.authorization ?? '';
    if (auth) {
      const m = /^OSS ([^:]+):(.+)$/.exec(auth);
      if (!m) return xmlError(res, 403, 'InvalidArgument');
      [, ak = '', sig = ''] = m;
      date = String(h['x-oss-date'] ?? '');
    } else {
      ak = url.searchParams.get('OSSAccessKeyId') ?? '';
      sig = url.searchParams.get('Signature') ?? '';
      date = url.searchParams.get('Expires') ?? '';
      if (Number(date) * 1000 < Date.now()) return xmlError(res, 403, 'AccessDenied');
    }
    const canonical = [method, h['content-md5'] ?? '', h['content-type'] ?? '', date, ...ossHeaders, resource].join('\n');
    // The account's key, or the STS key with a security token this server issued (`token-for-<role arn>`).
    const temp = ak === FAKE_TEMP.oss.accessKeyId;
    const secret = temp ? FAKE_TEMP.oss.accessKeySecret : c.accessKeySecret;
    const securityToken = String(h['x-oss-security-token'] ?? url.searchParams.get('security-token') ?? '');
    if (temp && !securityToken.startsWith('token-for-')) return xmlError(res, 403, 'InvalidSecurityToken');
    const expected = hmac('sha1', secret, canonical).digest('base64');
    if ((ak !== c.accessKeyId && !temp) || !eq(sig, expected)) return xmlError(res, 403, 'SignatureDoesNotMatch');
    if (temp && !tokenAllows(securityToken, method, c.bucket, key)) return xmlError(res, 403, 'AccessDenied');
    const xml = (v: string) => {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${v}`);
      return 200;
    };
    if (method === 'POST' && url.searchParams.has('uploads')) {
      const uploadId = crypto.randomBytes(16).toString('hex').toUpperCase();
      uploads.set(uploadId, { key, type: String(h['content-type'] ?? 'application/octet-stream'), parts: new Map() });
      return xml(`<InitiateMultipartUploadResult><Bucket>${c.bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
    }
    const upload = url.searchParams.has('uploadId') ? uploads.get(url.searchParams.get('uploadId') ?? '') : undefined;
    if (url.searchParams.has('uploadId') && (!upload || upload.key !== key)) return xmlError(res, 404, 'NoSuchUpload');
    if (method === 'PUT' && upload) {
      upload.parts.set(Number(url.searchParams.get('partNumber')), body);
      res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex').toUpperCase()}"` }).end();
      return 200;
    }
    if (method === 'POST' && upload) {
      const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      if (!numbers.length || numbers.some((n) => !upload.parts.has(n))) return xmlError(res, 400, 'InvalidPart');
      const whole = Buffer.concat(numbers.map((n) => upload.parts.get(n) as Buffer));
      objects.set(key, { body: whole, type: upload.type });
      uploads.delete(url.searchParams.get('uploadId') ?? '');
      const etag = `"${crypto.createHash('md5').update(whole).digest('hex').toUpperCase()}-${numbers.length}"`;
      return xml(`<CompleteMultipartUploadResult><Location>${url.origin}/${key}</Location><Bucket>${c.bucket}</Bucket><Key>${key}</Key><ETag>${etag}</ETag></CompleteMultipartUploadResult>`);
    }
    if (method === 'PUT') {
      objects.set(key, { body, type: String(h['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex').toUpperCase()}"` }).end();
      return 200;
    }
    const obj = objects.get(key);
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return 204;
    }
    if (!obj) return xmlError(res, 404, 'NoSuchKey');
    return sendObject(req, res, obj);
  });
}

// ---------------------------------------------------------------- qcloud COS + STS

/** COS's encoding of names and values in the signed lists (encodeURIComponent plus ! ' ( ) *). */
const camSafe = rpcEscape;

/** A fake COS bucket (the SDK's custom Domain: the bucket is not in the path) that also answers STS GetFederationToken at POST /. */
export function fakeCos(c: FakeCreds): Promise<FakeCloud> {
  return serve((req, res, url, body, objects) => {
    const method = req.method ?? 'GET';
    const h = req.headers;
    if (method === 'POST' && url.pathname === '/' && h['x-tc-action']) {
      const fail = (code: string) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Response: { Error: { Code: code, Message: code }, RequestId: 'fake' } }));
        return 403;
      };
      const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sts\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(String(h.authorization ?? ''));
      if (!m) return fail('AuthFailure.SignatureFailure');
      const [, ak, date, signed, sig] = m as unknown as string[];
      const canonHeaders = (signed as string).split(';').map((k) => `${k}:${String(h[k] ?? '').trim().toLowerCase()}\n`).join('');
      const canonical = ['POST', '/', '', canonHeaders, signed, crypto.createHash('sha256').update(body).digest('hex')].join('\n');
      const toSign = ['TC3-HMAC-SHA256', String(h['x-tc-timestamp']), `${date}/sts/tc3_request`, crypto.createHash('sha256').update(canonical).digest('hex')].join('\n');
      const key = hmac('sha256', hmac('sha256', hmac('sha256', `TC3${c.accessKeySecret}`, date as string).digest(), 'sts').digest(), 'tc3_request').digest();
      if (ak !== c.accessKeyId || !eq(sig as string, hmac('sha256', key, toSign).digest('hex'))) return fail('AuthFailure.SignatureFailure');
      const request = JSON.parse(body.toString('utf8')) as { DurationSeconds?: number; Policy?: string };
      const expired = Math.floor(Date.now() / 1000) + Number(request.DurationSeconds ?? 1800);
      const policy = JSON.parse(decodeURIComponent(request.Policy ?? '%7B%7D')) as { statement?: { resource?: string[] }[] };
      const token = tokenWith(FAKE_TEMP.cos.token, policy.statement?.flatMap((st) => st.resource ?? []) ?? []);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        Response: { Credentials: { TmpSecretId: FAKE_TEMP.cos.accessKeyId, TmpSecretKey: FAKE_TEMP.cos.accessKeySecret, Token: token }, ExpiredTime: expired, Expiration: new Date(expired * 1000).toISOString(), RequestId: 'fake' },
      }));
      return 200;
    }
    // The signature: the Authorization header, or the same fields in the query of a signed url.
    const fields = new URLSearchParams(h.authorization ? String(h.authorization) : url.search.slice(1));
    const headerList = (fields.get('q-header-list') ?? '').split(';').filter(Boolean);
    const paramList = (fields.get('q-url-param-list') ?? '').split(';').filter(Boolean);
    const lowerQuery = new Map([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v]));
    const pairs = (names: string[], value: (n: string) => string) => names.map((n) => `${camSafe(n).toLowerCase()}=${camSafe(value(n))}`).join('&');
    const format = [
      method.toLowerCase(),
      decodeURIComponent(url.pathname),
      pairs(paramList, (n) => lowerQuery.get(n) ?? ''),
      pairs(headerList, (n) => String(h[n] ?? '')),
      '',
    ].join('\n');
    const signTime = fields.get('q-sign-time') ?? '';
    // The account's key, or the temporary key with its session token (x-cos-security-token).
    const temp = fields.get('q-ak') === FAKE_TEMP.cos.accessKeyId;
    const sessionToken = String(h['x-cos-security-token'] ?? url.searchParams.get('x-cos-security-token') ?? '');
    if (temp && !sessionToken.startsWith(`${FAKE_TEMP.cos.token}|`)) return xmlError(res, 403, 'InvalidAccessKeyId');
    const signKey = hmac('sha1', temp ? FAKE_TEMP.cos.accessKeySecret : c.accessKeySecret, fields.get('q-key-time') ?? '').digest('hex');
    const toSign = ['sha1', signTime, crypto.createHash('sha1').update(format).digest('hex'), ''].join('\n');
    const expected = hmac('sha1', signKey, toSign).digest('hex');
    const end = Number(signTime.split(';')[1] ?? 0);
    if (fields.get('q-sign-algorithm') !== 'sha1' || (fields.get('q-ak') !== c.accessKeyId && !temp) || end * 1000 < Date.now() || !eq(fields.get('q-signature') ?? '', expected)) {
      return xmlError(res, 403, 'SignatureDoesNotMatch');
    }
    const key = decodeURIComponent(url.pathname.slice(1));
    if (temp && !tokenAllows(sessionToken, method, c.bucket, key)) return xmlError(res, 403, 'AccessDenied');
    if (method === 'PUT') {
      objects.set(key, { body, type: String(h['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` }).end();
      return 200;
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return 204;
    }
    const obj = objects.get(key);
    if (!obj) return xmlError(res, 404, 'NoSuchKey');
    return sendObject(req, res, obj);
  });
}

// ---------------------------------------------------------------- qiniu

/** The parts of a multipart/form-data body: name → {value, filename}. */
function multipartParts(body: Buffer, contentType: string): Map<string, { data: Buffer; filename?: string; type?: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const out = new Map<string, { data: Buffer; filename?: string; type?: string }>();
  if (!boundary) return out;
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(sep);
  while (at !== -1) {
    const next = body.indexOf(sep, at + sep.length);
    if (next === -1) break;
    const part = body.subarray(at + sep.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name) out.set(name, { data: part.subarray(split + 4), filename: /filename="([^"]*)"/.exec(head)?.[1], type: /content-type:\s*(\S+)/i.exec(head)?.[1] });
    at = next;
  }
  return out;
}

/** A fake qiniu region: form upload at POST /, management at POST /delete/<entry>, private downloads at GET /<key>. */
export function fakeQiniu(c: FakeCreds): Promise<FakeCloud> {
  return serve((req, res, url, body, objects) => {
    const method = req.method ?? 'GET';
    const h = req.headers;
    const json = (status: number, v: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      return status;
    };
    if (method === 'POST' && url.pathname === '/') {
      const parts = multipartParts(body, String(h['content-type'] ?? ''));
      const token = parts.get('token')?.data.toString('utf8') ?? '';
      const key = parts.get('key')?.data.toString('utf8') ?? '';
      const [ak, sig, encoded] = token.split(':');
      const policy = JSON.parse(Buffer.from(encoded ?? '', 'base64').toString('utf8') || '{}') as { scope?: string; deadline?: number; insertOnly?: number };
      const expected = urlsafe(hmac('sha1', c.accessKeySecret, encoded ?? '').digest('base64'));
      if (ak !== c.accessKeyId || !eq(sig ?? '', expected)) return json(401, { error: 'bad token' });
      if ((policy.deadline ?? 0) * 1000 < Date.now()) return json(401, { error: 'token out of date' });
      if (policy.scope !== c.bucket && policy.scope !== `${c.bucket}:${key}`) return json(403, { error: 'scope not match' });
      const file = parts.get('file');
      if (!file) return json(400, { error: 'file is not specified in multipart' });
      if (policy.insertOnly && objects.has(key)) return json(614, { error: 'file exists' });
      objects.set(key, { body: file.data, type: file.type ?? 'application/octet-stream' });
      return json(200, { hash: crypto.createHash('sha1').update(file.data).digest('hex'), key });
    }
    if (method === 'POST' && url.pathname.startsWith('/delete/')) {
      const m = /^Qiniu ([^:]+):(.+)$/.exec(String(h.authorization ?? ''));
      const contentType = String(h['content-type'] ?? 'application/x-www-form-urlencoded');
      const qiniuHeaders = Object.keys(h).filter((k) => k.startsWith('x-qiniu-') && k.length > 8).map((k) => [k.split('-').map((w) => w[0]?.toUpperCase() + w.slice(1)).join('-'), String(h[k])] as const).sort(([a], [b]) => (a < b ? -1 : 1));
      const port = /:(\d+)$/.exec(String(h.host))?.[1];
      let access = `${method} ${url.pathname}${url.search}\nHost: ${String(h.host)}${port ? `:${port}` : ''}\nContent-Type: ${contentType}`;
      if (qiniuHeaders.length) access += `\n${qiniuHeaders.map(([k, v]) => `${k}: ${v}`).join('\n')}`;
      access += '\n\n';
      if (body.length && contentType !== 'application/octet-stream') access += body.toString('utf8');
      if (!m || m[1] !== c.accessKeyId || !eq(m[2] as string, urlsafe(hmac('sha1', c.accessKeySecret, access).digest('base64')))) return json(401, { error: 'bad token' });
      const entry = Buffer.from(url.pathname.slice('/delete/'.length), 'base64').toString('utf8');
      const key = entry.slice(entry.indexOf(':') + 1);
      if (!objects.delete(key)) return json(612, { error: 'no such file or directory' });
      return json(200, {});
    }
    if (method === 'GET' || method === 'HEAD') {
      const e = url.searchParams.get('e') ?? '';
      const [ak, sig] = (url.searchParams.get('token') ?? '').split(':');
      const base = `http://${String(h.host)}${url.pathname}?e=${e}`;
      if (ak !== c.accessKeyId || !eq(sig ?? '', urlsafe(hmac('sha1', c.accessKeySecret, base).digest('base64'))) || Number(e) * 1000 < Date.now()) return json(401, { error: 'bad token' });
      const obj = objects.get(decodeURIComponent(url.pathname.slice(1)));
      if (!obj) return json(404, { error: 'Document not found' });
      return sendObject(req, res, obj);
    }
    return json(405, { error: 'method not allowed' });
  });
}
