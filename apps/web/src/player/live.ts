/**
 * The embedded live player page (SPEC §2 "The live player is an embedded page at /player/live.html
 * with an encoded source parameter"; issue 13): plays `?src=` (an http(s) URL, encoded with
 * encodeURIComponent by the embedding page). HLS playlists (.m3u8) play through hls.js (bundled
 * with the app, loaded only here) or the browser's own HLS; anything else (a replay video) directly.
 * Messages are shown over the video; no call to the API (the embedding page sends the heartbeats).
 */
const video = document.getElementById('live-video') as HTMLVideoElement;
const msg = document.getElementById('live-msg') as HTMLDivElement;

function show(text: string): void {
  msg.textContent = text;
  msg.hidden = false;
}

/** The source of the page: an absolute http(s) URL or a path of this site, else null. */
function sourceOf(search: string): string | null {
  const src = new URLSearchParams(search).get('src');
  if (!src) return null;
  try {
    const u = new URL(src, window.location.origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

async function start(): Promise<void> {
  const src = sourceOf(window.location.search);
  if (!src) return show('播放地址不正确！');
  const isHls = new URL(src).pathname.toLowerCase().endsWith('.m3u8');
  if (!isHls) {
    video.src = src;
    return;
  }
  const { default: Hls } = await import('hls.js');
  if (Hls.isSupported()) {
    const hls = new Hls({ liveDurationInfinity: true });
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (!data.fatal) return;
      if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
        show('直播信号暂未接通，正在重试…');
        window.setTimeout(() => hls.startLoad(), 5000);
      } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
      else show('播放失败，请刷新重试！');
    });
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      msg.hidden = true;
      void video.play().catch(() => undefined);
    });
    hls.loadSource(src);
    hls.attachMedia(video);
  } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = src;
  } else show('当前浏览器不支持播放直播，请更换浏览器！');
}

void start();
