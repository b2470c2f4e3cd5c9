/**
 * The crop dialog of the face photo (SPEC §5, §9 295×413, 3:4-like ratio): react-easy-crop over the
 * chosen picture, zoom slider; 确定 draws the area at 295×413 (face-crop.ts) and hands the png to
 * `onDone`. Test ids: `real-crop` (the dialog body), `real-crop-ok`.
 */
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Modal, Slider } from 'antd';
import { FACE_CONST } from '@kaopei/contracts/face';
import { cropFace } from './face-crop';

export interface FaceCropProps {
  /** Object URL of the chosen picture; null: closed. */
  src: string | null;
  onDone: (file: File) => Promise<void> | void;
  onCancel: () => void;
}

export function FaceCrop({ src, onDone, onCancel }: FaceCropProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  const ok = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      await onDone(await cropFace(src, area));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={src !== null}
      title="裁剪人脸照片"
      width={520}
      onOk={() => void ok()}
      onCancel={onCancel}
      confirmLoading={busy}
      okText="确定"
      destroyOnHidden
      okButtonProps={{ disabled: !area, ...({ 'data-testid': 'real-crop-ok' } as Record<string, string>) }}
    >
      <div data-testid="real-crop">
        <div style={{ position: 'relative', height: 360, background: '#333' }}>
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={FACE_CONST.cropWidth / FACE_CONST.cropHeight}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </div>
        <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} aria-label="缩放" />
      </div>
    </Modal>
  );
}
