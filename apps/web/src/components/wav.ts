/**
 * Recorded audio → WAV for the upload (the audio recorder, SPEC §2/§4): browsers record WebM/Opus
 * (Chromium) or Ogg (Firefox) with MediaRecorder, while the server accepts mp3, wav and ogg judged
 * by the content (SPEC §5); a WAV of the decoded sound is accepted from every browser. Mono, 16 kHz,
 * 16-bit PCM: 32 000 bytes a second (300 s ≈ 9.6 MB, under the 20 MB audio limit).
 */

/** WAV sample rate (Hz). */
export const WAV_RATE = 16_000;

/** A 16-bit PCM mono WAV of `samples` (−1…1) at `rate` Hz. */
export function encodeWav(samples: Float32Array, rate: number): Blob {
  const data = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (at: number, s: string) => [...s].forEach((c, i) => data.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  data.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVEfmt ');
  data.setUint32(16, 16, true);
  data.setUint16(20, 1, true); // PCM
  data.setUint16(22, 1, true); // mono
  data.setUint32(24, rate, true);
  data.setUint32(28, rate * 2, true);
  data.setUint16(32, 2, true);
  data.setUint16(34, 16, true);
  text(36, 'data');
  data.setUint32(40, samples.length * 2, true);
  samples.forEach((s, i) => data.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, s)) * 0x7fff), true));
  return new Blob([data.buffer], { type: 'audio/wav' });
}

/** The recording `blob` (any format the browser decodes) as a mono WAV_RATE WAV. */
export async function toWav(blob: Blob): Promise<Blob> {
  const ctx = new AudioContext();
  try {
    const decoded = await ctx.decodeAudioData(await blob.arrayBuffer());
    const offline = new OfflineAudioContext(1, Math.max(1, Math.ceil(decoded.duration * WAV_RATE)), WAV_RATE);
    const src = offline.createBufferSource();
    src.buffer = decoded;
    src.connect(offline.destination);
    src.start();
    const out = await offline.startRendering();
    return encodeWav(out.getChannelData(0), WAV_RATE);
  } finally {
    void ctx.close();
  }
}
