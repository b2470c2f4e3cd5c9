/**
 * The face photo of the real-person form (SPEC §5, §9 crop box 295×413): the chosen area of the
 * picture drawn onto a 295×413 canvas, as a png File, compressed (browser-image-compression) when
 * above about 3000 KB. Pure helpers; the dialog is FaceCrop.tsx.
 */
import { FACE_CONST } from '@kaopei/contracts/face';

/** Accepted extensions (SPEC §5 one file, jpg/png/jpeg). */
export const FACE_EXTS = ['jpg', 'jpeg', 'png'] as const;
/** SPEC §5 "compressed to about 3000 KB". */
export const FACE_MAX_KB = 3000;
/** SPEC §5 guidance shown under the photo. */
export const FACE_GUIDE = '请上传本人正面免冠照片：jpg/jpeg格式，小于3M，比例3:4；选择后可裁剪。';

/** Pixels of the picture the learner chose (react-easy-crop's croppedAreaPixels). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when `name` ends with one of FACE_EXTS (case-insensitive). */
export function isFaceFile(name: string): boolean {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return name.includes('.') && (FACE_EXTS as readonly string[]).includes(ext);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('图片无法读取'));
    img.src = src;
  });
}

/** `area` of the picture at `src` drawn at 295×413, as `face.png`; compressed when above FACE_MAX_KB. */
export async function cropFace(src: string, area: CropArea): Promise<File> {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = FACE_CONST.cropWidth;
  canvas.height = FACE_CONST.cropHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('浏览器不支持图片裁剪');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('图片裁剪失败'))), 'image/png'));
  const file = new File([blob], 'face.png', { type: 'image/png' });
  if (file.size <= FACE_MAX_KB * 1024) return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const out = await imageCompression(file, { maxSizeMB: FACE_MAX_KB / 1024, useWebWorker: false });
    return new File([out], 'face.png', { type: out.type || 'image/png' });
  } catch {
    return file;
  }
}
