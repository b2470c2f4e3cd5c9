/**
 * Avatar change dialog (SPEC §2 "Avatar change dialog (width 500px, jpg/png, one file)", §5 uploads:
 * avatar 1 file jpg/png/jpeg, compress 3000 KB, on the learner side 5000 KB; §8 '资料修改失败！'):
 * the chosen image is compressed in the browser when above the limit (browser-image-compression,
 * inside FileUpload), uploaded to /api/common/file/upload, and on 确定 saved with POST
 * /api/sys/user/update-avatar. Success: '资料修改成功！', the header's avatar changes at once.
 *
 * Test ids: `avatar-dialog` (the dialog's body), `avatar-upload` (wrapper of the upload; its
 * `input[type=file]` takes setInputFiles), `avatar-save`.
 */
import { useState } from 'react';
import { App, Button, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { AVATAR_TYPES } from '@kaopei/contracts/sys-file';
import { userApi } from '@kaopei/contracts/sys-user';
import { call, isApiError, TRANSPORT_ERROR } from '../../api/request';
import { FileUpload } from '../../components/FileUpload';
import { useAuth } from '../../store/auth';
import { AVATAR_FAILED_MSG, PROFILE_SAVED_MSG } from './profile-form';
import { PROFILE_KEY } from './profile-query';

/** SPEC §9 compress limits (KB): the admin side 3000, the learner side 5000. */
export const AVATAR_COMPRESS_KB = { admin: 3000, learner: 5000 } as const;
/** SPEC §9 dialog width. */
export const AVATAR_DIALOG_WIDTH = 500;

export interface AvatarDialogProps {
  open: boolean;
  onClose: () => void;
  /** Which side's compress limit applies. */
  side: keyof typeof AVATAR_COMPRESS_KB;
}

export default function AvatarDialog({ open, onClose, side }: AvatarDialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const [urls, setUrls] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const avatar = urls[0];

  const close = () => {
    setUrls([]);
    onClose();
  };

  const save = async () => {
    if (!avatar) return;
    setSaving(true);
    try {
      await call(userApi.updateAvatar, { avatar }, { quiet: true });
    } catch (err) {
      // SPEC §8: the avatar's own failure message (transport failures were shown by the request helper).
      if (!isApiError(err, TRANSPORT_ERROR)) message.error(AVATAR_FAILED_MSG);
      return;
    } finally {
      setSaving(false);
    }
    message.success(PROFILE_SAVED_MSG);
    updateUser({ avatar });
    void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    close();
  };

  return (
    <Modal
      title="修改头像"
      open={open}
      width={AVATAR_DIALOG_WIDTH}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!avatar} loading={saving} onClick={save} data-testid="avatar-save">
          确定
        </Button>,
      ]}
    >
      <div data-testid="avatar-dialog">
        <p style={{ color: '#909399', marginTop: 0 }}>请选择一张 jpg/png 格式的图片作为头像</p>
        <div data-testid="avatar-upload">
          <FileUpload value={urls} onChange={setUrls} accept={AVATAR_TYPES} limit={1} compress={AVATAR_COMPRESS_KB[side]} listType="picture-card" />
        </div>
      </div>
    </Modal>
  );
}
