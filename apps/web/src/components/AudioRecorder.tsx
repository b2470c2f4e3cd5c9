/**
 * The audio recorder (SPEC §2 generic "audio recorder", §2 "Recorder: 0 ready, 1 recording, 2
 * recorded (play, discard and upload enabled)", §4 its messages): MediaRecorder on the microphone.
 * - 0 ready: 开始录音. A failure to start (no device, permission refused) shows
 *   '操作失败，请检查设备是否具备录音功能！' with the error's name and message.
 * - 1 recording: a seconds counter and 停止 (recording stops by itself after `maxSec`).
 * - 2 recorded: 播放 (the local recording), 重录 (discards it, back to ready) and 上传: the sound
 *   is converted to WAV (wav.ts) and uploaded with the app's upload helper (current storage);
 *   '录音上传成功！' and the uploaded file's url becomes the value.
 * With a value (an uploaded recording) it shows a player of it and 重新录音 (clears the value).
 * Test ids: `{testId}-start|stop|play|discard|upload|uploaded|state` (state carries `data-state`).
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { AudioOutlined, CloudUploadOutlined, DeleteOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { RECORDER_MSG, RecorderState } from '@kaopei/contracts/xdsc';
import { isApiError, TRANSPORT_ERROR } from '../api/request';
import { uploadFile } from './upload/direct';
import { UPLOAD_FAILED } from './upload/local';
import { toWav } from './wav';

export interface AudioRecorderProps {
  /** The uploaded recording's url ('' none). */
  value?: string;
  onChange?: (url: string) => void;
  /** Longest recording (s). */
  maxSec?: number;
  disabled?: boolean;
  testId?: string;
}

const STATE_TEXT: Record<number, string> = { 0: '准备就绪', 1: '正在录音', 2: '录音完成' };

export function AudioRecorder({ value = '', onChange, maxSec = 300, disabled, testId = 'recorder' }: AudioRecorderProps) {
  const { message } = App.useApp();
  const [state, setState] = useState<number>(RecorderState.READY);
  const [sec, setSec] = useState(0);
  const [clip, setClip] = useState<{ blob: Blob; url: string } | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);

  // Release the microphone and the local clip when the widget goes away.
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );
  useEffect(() => () => (clip ? URL.revokeObjectURL(clip.url) : undefined), [clip]);
  useEffect(() => {
    if (state !== RecorderState.RECORDING) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const s = Math.floor((Date.now() - started) / 1000);
      setSec(s);
      if (s >= maxSec && recorder.current?.state === 'recording') recorder.current.stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [state, maxSec]);

  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const rec = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => {
        if (e.data.size) chunks.push(e.data);
      };
      rec.onstop = () => {
        stream.getTracks().forEach((tr) => tr.stop());
        const blob = new Blob(chunks, { type: rec.mimeType || 'audio/webm' });
        setClip({ blob, url: URL.createObjectURL(blob) });
        setState(RecorderState.RECORDED);
      };
      recorder.current = rec;
      rec.start();
      setSec(0);
      setState(RecorderState.RECORDING);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      message.error(`${RECORDER_MSG.failed}${err.name}：${err.message}`);
    }
  };

  const discard = () => {
    setClip(null);
    setState(RecorderState.READY);
  };

  const send = async () => {
    if (!clip) return;
    setUploading(0);
    try {
      const wav = await toWav(clip.blob);
      const item = await uploadFile(new File([wav], `录音${Date.now()}.wav`, { type: 'audio/wav' }), setUploading);
      onChange?.(item.url);
      message.success(RECORDER_MSG.uploaded);
      discard();
    } catch (e) {
      // Refusals warn with the server's message (as FileUpload does); transport failures were shown by the helper.
      if (isApiError(e)) {
        if (e.code !== TRANSPORT_ERROR) message.warning(e.message || UPLOAD_FAILED);
      } else message.error(`${RECORDER_MSG.failed}${e instanceof Error ? `${e.name}：${e.message}` : ''}`);
    } finally {
      setUploading(null);
    }
  };

  if (value && state === RecorderState.READY) {
    return (
      <Space wrap>
        <audio controls src={value} data-testid={`${testId}-uploaded`} />
        <Button icon={<AudioOutlined />} disabled={disabled} onClick={() => onChange?.('')}>
          重新录音
        </Button>
      </Space>
    );
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary" data-testid={`${testId}-state`} data-state={state}>
        {STATE_TEXT[state]}
        {state === RecorderState.RECORDING ? ` ${sec} 秒` : ''}
      </Typography.Text>
      <Space wrap>
        {state === RecorderState.READY ? (
          <Button type="primary" icon={<AudioOutlined />} disabled={disabled} onClick={() => void start()} data-testid={`${testId}-start`}>
            开始录音
          </Button>
        ) : null}
        {state === RecorderState.RECORDING ? (
          <Button danger icon={<StopOutlined />} onClick={() => recorder.current?.stop()} data-testid={`${testId}-stop`}>
            停止
          </Button>
        ) : null}
        {state === RecorderState.RECORDED ? (
          <>
            <Button icon={<PlayCircleOutlined />} onClick={() => void player.current?.play()} data-testid={`${testId}-play`}>
              播放
            </Button>
            <Button icon={<DeleteOutlined />} disabled={uploading !== null} onClick={discard} data-testid={`${testId}-discard`}>
              重录
            </Button>
            <Button type="primary" icon={<CloudUploadOutlined />} loading={uploading !== null} onClick={() => void send()} data-testid={`${testId}-upload`}>
              {uploading !== null ? `上传中 ${uploading}%` : '上传'}
            </Button>
          </>
        ) : null}
      </Space>
      {clip ? <audio ref={player} src={clip.url} controls style={{ width: '100%' }} /> : null}
    </Space>
  );
}
