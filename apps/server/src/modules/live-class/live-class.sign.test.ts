/**
 * aliyun type-A signing checked against vectors computed here by hand with node:crypto on the
 * documented string (`{path}-{timestamp}-{rand}-{uid}-{key}`), and the pure attendance credit rule.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { creditBeat, overlapMs } from './live-class.credit';
import { signedUrl } from './live-class.sign';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const base = { key: 'k3yPr1vate', appName: 'kaopei', streamName: 'c101', timestamp: 1767225600, rand: '0', uid: '0' };

describe('aliyun type-A signed URLs', () => {
  it('signs the RTMP ingest URL over /app/stream', () => {
    const hash = md5('/kaopei/c101-1767225600-0-0-k3yPr1vate');
    expect(signedUrl('push', { ...base, domain: 'push.example.com' })).toBe(`rtmp://push.example.com/kaopei/c101?auth_key=1767225600-0-0-${hash}`);
    expect(signedUrl('rtmp', { ...base, domain: 'play.example.com' })).toBe(`rtmp://play.example.com/kaopei/c101?auth_key=1767225600-0-0-${hash}`);
  });

  it('includes the file extension in the signed path of HTTP-FLV and HLS', () => {
    expect(signedUrl('flv', { ...base, domain: 'play.example.com' })).toBe(`https://play.example.com/kaopei/c101.flv?auth_key=1767225600-0-0-${md5('/kaopei/c101.flv-1767225600-0-0-k3yPr1vate')}`);
    expect(signedUrl('m3u8', { ...base, domain: 'play.example.com', rand: 'abc123', uid: '7' })).toBe(
      `https://play.example.com/kaopei/c101.m3u8?auth_key=1767225600-abc123-7-${md5('/kaopei/c101.m3u8-1767225600-abc123-7-k3yPr1vate')}`,
    );
  });

  it('uses a random hyphen-free rand by default, so two URLs differ', () => {
    const a = signedUrl('m3u8', { ...base, rand: undefined, domain: 'p.example.com' });
    const b = signedUrl('m3u8', { ...base, rand: undefined, domain: 'p.example.com' });
    expect(a).not.toBe(b);
    const [ts, rand, uid, hash] = new URL(a).searchParams.get('auth_key')!.split('-');
    expect(rand).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).toBe(md5(`/kaopei/c101.m3u8-${ts}-${rand}-${uid}-k3yPr1vate`));
  });
});

describe('attendance credit rule', () => {
  const session = { start: 100_000, end: 200_000 };
  it('credits the time between two beats of the stream within the session only', () => {
    expect(creditBeat(null, 's1', 110_000, session)).toMatchObject({ creditMs: 0, reason: 'baseline' });
    expect(creditBeat({ streamId: 's1', lastBeat: 110_000 }, 's1', 120_000, session).creditMs).toBe(10_000);
    // Before the start and after the end nothing counts.
    expect(creditBeat({ streamId: 's1', lastBeat: 95_000 }, 's1', 105_000, session).creditMs).toBe(5000);
    expect(creditBeat({ streamId: 's1', lastBeat: 195_000 }, 's1', 215_000, session).creditMs).toBe(5000);
    expect(overlapMs(0, 50_000, 100_000, 200_000)).toBe(0);
  });

  it('credits nothing for a silence longer than the cap, nor for a second stream while the first is alive', () => {
    expect(creditBeat({ streamId: 's1', lastBeat: 110_000 }, 's1', 150_000, session)).toMatchObject({ creditMs: 0, reason: 'gap' });
    expect(creditBeat({ streamId: 's1', lastBeat: 110_000 }, 's2', 115_000, session)).toMatchObject({ creditMs: 0, next: null, reason: 'busy' });
    expect(creditBeat({ streamId: 's1', lastBeat: 110_000 }, 's2', 145_000, session)).toMatchObject({ creditMs: 0, next: { streamId: 's2', lastBeat: 145_000 }, reason: 'takeover' });
  });
});
