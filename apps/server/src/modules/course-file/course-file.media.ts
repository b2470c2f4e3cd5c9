/**
 * The media tools of the course file library (issue 11 "Video processing", SPEC §3 "Course file"):
 * ffprobe (duration, size of the picture), ffmpeg (HLS renditions), LibreOffice (Office → PDF) and
 * pdfjs-dist (pages of a PDF). The tools are looked up on PATH at run time (`hasTool`), so a server
 * without them still works: a video is then served as the uploaded mp4, an Office file is refused.
 * Every child process is started with an argument list (no shell) and is killed when `signal` aborts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HLS_LADDER } from '@kaopei/contracts/course-file';

/** Tools this module may use. */
export type Tool = 'ffmpeg' | 'ffprobe' | 'soffice';

/** True when `name` is an executable file in a folder of PATH (checked on every call: tools may be installed while the server runs). */
export async function hasTool(name: Tool): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      await fs.promises.access(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      // not there
    }
  }
  return false;
}

interface RunResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs `cmd args` (no shell); resolves with its output when it exits with 0, rejects with the last
 * lines of stderr otherwise. `onStdout` gets stdout as it comes (ffmpeg's -progress lines).
 */
export function run(cmd: string, args: readonly string[], opts: { signal?: AbortSignal; onStdout?: (chunk: string) => void; cwd?: string } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: opts.cwd, signal: opts.signal });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      if (opts.onStdout) opts.onStdout(c);
      else if (stdout.length < 1_000_000) stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-8000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${path.basename(cmd)} 退出码 ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`.slice(0, 480)));
    });
  });
}

/** What ffprobe tells of a video: whole seconds (rounded; 0 when unknown), the picture's size, whether it has sound. */
export interface Probe {
  duration: number;
  /** Exact duration in seconds (progress of a transcode). */
  seconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Reads `file` with ffprobe. Rejects when it is not a readable media file. */
export async function probe(file: string, signal?: AbortSignal): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
  const info = JSON.parse(stdout) as { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[] };
  const video = info.streams?.find((s) => s.codec_type === 'video');
  const seconds = Number(info.format?.duration ?? video?.duration ?? 0) || 0;
  return {
    duration: Math.max(0, Math.round(seconds)),
    seconds,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio'),
  };
}

/** One HLS rendition: its name (`360p`), height and bit rates (bits/s). */
export interface Rendition {
  name: string;
  height: number;
  videoBps: number;
  audioBps: number;
}

const BPS: Record<number, number> = { 360: 800_000, 720: 2_800_000 };

/**
 * The renditions of a source `height` px high: the ladder's heights (360, 720) up to the source's
 * (never upscaled); a source lower than the smallest gets one rendition at its own (even) height.
 * A source of unknown height (0) gets the smallest rung.
 */
export function hlsRenditions(height: number): Rendition[] {
  const of = (h: number): Rendition => ({ name: `${h}p`, height: h, videoBps: BPS[h] ?? Math.max(200_000, Math.round((h / 360) * 800_000)), audioBps: 96_000 });
  if (height <= 0) return [of(HLS_LADDER[0])];
  const fit = HLS_LADDER.filter((h) => h <= height);
  return fit.length ? fit.map(of) : [of(Math.max(2, height - (height % 2)))];
}

/** Seconds of media done from one chunk of ffmpeg's `-progress` output (`out_time_us=`), or null. */
export function progressSeconds(chunk: string): number | null {
  const m = /out_time_(?:us|ms)=(\d+)/.exec(chunk.split('\n').reverse().join('\n'));
  return m ? Number(m[1]) / 1_000_000 : null;
}

/**
 * Transcodes `src` into HLS under `outDir`: per rendition `<name>.m3u8` with segments
 * `<name>_000.ts` … (H.264/AAC, 4 s segments, VOD playlists), then `master.m3u8` listing them with
 * relative urls (so a player resolves them next to the master). `onProgress(0..1)` as ffmpeg works.
 */
export async function transcodeHls(src: string, outDir: string, p: Probe, onProgress: (fraction: number) => Promise<void> | void, signal?: AbortSignal): Promise<Rendition[]> {
  const renditions = hlsRenditions(p.height);
  await fs.promises.mkdir(outDir, { recursive: true });
  for (const [i, r] of renditions.entries()) {
    const args = [
      '-hide_banner', '-nostdin', '-y', '-i', src,
      '-map', '0:v:0', ...(p.hasAudio ? ['-map', '0:a:0'] : []),
      '-vf', `scale=-2:${r.height}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
      '-b:v', String(r.videoBps), '-maxrate', String(Math.round(r.videoBps * 1.2)), '-bufsize', String(r.videoBps * 2),
      '-g', '48', '-sc_threshold', '0',
      ...(p.hasAudio ? ['-c:a', 'aac', '-b:a', String(r.audioBps), '-ac', '2'] : []),
      '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(outDir, `${r.name}_%03d.ts`),
      '-progress', 'pipe:1', '-nostats',
      path.join(outDir, `${r.name}.m3u8`),
    ];
    await run('ffmpeg', args, {
      signal,
      onStdout: (chunk) => {
        const done = progressSeconds(chunk);
        if (done !== null && p.seconds > 0) void onProgress(Math.min(1, (i + Math.min(1, done / p.seconds)) / renditions.length));
      },
    });
  }
  const master = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of renditions) {
    const width = p.height > 0 ? Math.round((p.width * r.height) / p.height / 2) * 2 : Math.round((r.height * 16) / 9 / 2) * 2;
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.videoBps + (p.hasAudio ? r.audioBps : 0)},RESOLUTION=${width}x${r.height}`, `${r.name}.m3u8`);
  }
  await fs.promises.writeFile(path.join(outDir, 'master.m3u8'), `${master.join('\n')}\n`);
  return renditions;
}

/** Pages of the PDF `file` (pdfjs-dist); rejects when it is not a readable PDF. */
export async function pdfPageCount(file: string): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await fs.promises.readFile(file));
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/**
 * Converts the Office file `src` to PDF with LibreOffice headless into `outDir`; answers the PDF's
 * path. A private profile folder under `outDir` lets two conversions run at once.
 */
export async function officeToPdf(src: string, outDir: string, signal?: AbortSignal): Promise<string> {
  const profile = path.join(outDir, 'lo-profile');
  await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, src], { signal });
  const pdf = path.join(outDir, `${path.basename(src, path.extname(src))}.pdf`);
  await fs.promises.access(pdf);
  return pdf;
}
