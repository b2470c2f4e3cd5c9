/**
 * Image preview grid (SPEC §2 "image preview grid"): thumbnails of image urls (a list, or one
 * comma-separated string as some records store them) in a wrapping grid of square cells; clicking
 * one opens the preview of all of them (zoom, rotate, previous/next). Stored files
 * (/api/common/file/view/…) load with the login cookie, like any <img>. Also the one-image preview
 * that FileUpload opens from its list.
 */
import type { ReactNode } from 'react';
import { Image } from 'antd';

/** Cell size in px when none is given. */
export const PREVIEW_SIZE = 100;

/** The urls of `urls` (a list or a comma-separated string), blanks dropped. */
export function previewUrls(urls: readonly string[] | string | null | undefined): string[] {
  const list = typeof urls === 'string' ? urls.split(',') : (urls ?? []);
  return list.map((u) => u.trim()).filter((u) => u !== '');
}

export interface ImagePreviewProps {
  urls: readonly string[] | string | null | undefined;
  /** Cell width and height in px (default 100); images are cropped to fill them. */
  size?: number;
  /** Gap between cells in px (default 8). */
  gap?: number;
  /** Shown when there is no image (default: nothing). */
  empty?: ReactNode;
}

/** The grid; every image opens the preview of the whole group. */
export function ImagePreview({ urls, size = PREVIEW_SIZE, gap = 8, empty = null }: ImagePreviewProps) {
  const list = previewUrls(urls);
  if (list.length === 0) return <>{empty}</>;
  return (
    <Image.PreviewGroup>
      <div className="image-preview-grid" style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, ${size}px)`, gap }}>
        {list.map((url, i) => (
          <Image key={`${i}-${url}`} src={url} alt={`图片${i + 1}`} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} />
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

/** A preview of one image opened from elsewhere (no thumbnail): `url` null = closed. */
export function SingleImagePreview({ url, onClose }: { url: string | null; onClose: () => void }) {
  if (!url) return null;
  return (
    <Image
      style={{ display: 'none' }}
      src={url}
      alt="预览"
      preview={{
        open: true,
        src: url,
        onOpenChange: (open) => {
          if (!open) onClose();
        },
      }}
    />
  );
}
