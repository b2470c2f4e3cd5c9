/** Time formatting helpers (SPEC §9 "Seconds format shows hours, minutes, seconds"). */

/** 3725 → '01:02:05' (countdown display, always HH:mm:ss). */
export function formatHms(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** 3725 → '1小时2分5秒' (time used). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `${h > 0 ? `${h}小时` : ''}${h > 0 || m > 0 ? `${m}分` : ''}${sec}秒`;
}

/** Exam window text: '不限' when open-ended. */
export function formatWindow(startTime: string | null, endTime: string | null): string {
  if (!startTime && !endTime) return '不限';
  return `${startTime ?? '不限'} 至 ${endTime ?? '不限'}`;
}
