/**
 * Live preview of a certificate template (issue 7 "a live preview in the admin editor"): an A4
 * landscape box (the PDF's ratio) with the background image and every placed field drawn with
 * sample values at its position, sized like the PDF (font size in points scaled to the box's width
 * with container units, so the preview matches at any width). A click on the box reports where
 * (fractions of the page), so the editor can place the chosen field there.
 *
 * Test ids: `cert-preview` (the box), `cert-preview-{field}` (each drawn field).
 */
import type { CSSProperties, MouseEvent } from 'react';
import { QrcodeOutlined } from '@ant-design/icons';
import { CERT_PAGE, type CertField, type CertLayout, type CertTextPos } from '@kaopei/contracts/cert';

export interface CertPreviewProps {
  layout: CertLayout;
  /** Url of the background image ('' for none: a plain border like the PDF's). */
  bgImage: string;
  /** What each text field shows. */
  texts: Record<Exclude<CertField, 'qr'>, string>;
  /** The field being placed (outlined). */
  active?: CertField | null;
  /** A click on the page at (x, y), fractions 0–1. */
  onPick?: (x: number, y: number) => void;
}

/** `size` points as a share of the page's width, in container-query units. */
const cq = (points: number) => `${(points / CERT_PAGE.width) * 100}cqw`;

function textStyle(pos: CertTextPos, active: boolean): CSSProperties {
  const shift = pos.align === 'center' ? '-50%' : pos.align === 'right' ? '-100%' : '0';
  return {
    position: 'absolute',
    left: `${pos.x * 100}%`,
    top: `${pos.y * 100}%`,
    transform: `translateX(${shift})`,
    fontSize: cq(pos.size),
    lineHeight: 1.2,
    whiteSpace: 'nowrap',
    color: '#222',
    outline: active ? '1px dashed #409EFF' : undefined,
  };
}

export function CertPreview({ layout, bgImage, texts, active = null, onPick }: CertPreviewProps) {
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    if (!onPick) return;
    const box = e.currentTarget.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));
    onPick(clamp((e.clientX - box.left) / box.width), clamp((e.clientY - box.top) / box.height));
  };
  const fields = (Object.keys(texts) as (keyof typeof texts)[]).filter((f) => texts[f]);
  return (
    <div
      data-testid="cert-preview"
      onClick={pick}
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${CERT_PAGE.width} / ${CERT_PAGE.height}`,
        containerType: 'inline-size',
        overflow: 'hidden',
        cursor: onPick ? 'crosshair' : undefined,
        background: bgImage ? `#fff url("${bgImage}") center / 100% 100% no-repeat` : '#fffdf5',
        border: bgImage ? '1px solid #eee' : `${cq(4)} double #b8860b`,
        boxSizing: 'border-box',
        fontFamily: '"Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif',
        userSelect: 'none',
      }}
    >
      {fields.map((f) => (
        <span key={f} data-testid={`cert-preview-${f}`} style={textStyle(layout[f], active === f)}>
          {texts[f]}
        </span>
      ))}
      <span
        data-testid="cert-preview-qr"
        style={{
          position: 'absolute',
          left: `${layout.qr.x * 100}%`,
          top: `${layout.qr.y * 100}%`,
          width: cq(layout.qr.size),
          height: cq(layout.qr.size),
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fff',
          border: '1px solid #999',
          fontSize: cq(layout.qr.size * 0.7),
          outline: active === 'qr' ? '1px dashed #409EFF' : undefined,
        }}
      >
        <QrcodeOutlined />
      </span>
    </div>
  );
}
