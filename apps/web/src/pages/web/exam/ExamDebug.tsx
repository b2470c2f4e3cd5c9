/**
 * /web/exam/debug — device check before an exam (SPEC §2 "device debugging", §8 "Study and exam"):
 * camera (a live preview), microphone (a level meter), fullscreen and browser support, each with
 * 正常 / 异常 and the §8 messages: no media API '您的浏览器不支持媒体访问，请升级浏览器！'; camera
 * failure '摄像头载入失败，请确认电脑上有摄像头且已允许网页访问！'; microphone failure
 * '操作失败，请检查设备是否具备录音功能！' with the error's name and message; fullscreen
 * unsupported '您的浏览器不支持全屏！'. Reached from the exam check page (设备调试). Streams stop
 * when the page closes. The camera check shows the exam's own camera widget (components/face/FaceCamera).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, List, Space, Tag } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { FACE_MSG } from '@kaopei/contracts/face';
import { FaceCamera } from '../../../components/face/FaceCamera';
import { FULLSCREEN_UNSUPPORTED } from '../../../components/layout/FullscreenToggle';

export const NO_MEDIA = FACE_MSG.noMediaApi;
export const CAMERA_FAILED = FACE_MSG.cameraFailed;
export const MIC_FAILED = '操作失败，请检查设备是否具备录音功能！';

type Check = { state: 'idle' | 'ok' | 'fail'; msg: string };
const IDLE: Check = { state: 'idle', msg: '' };

/** Browser features the exam page relies on, each with whether this browser has it. */
export function browserFeatures(): { name: string; ok: boolean }[] {
  return [
    { name: 'WebSocket（在线监考）', ok: typeof WebSocket !== 'undefined' },
    { name: 'Fetch（保存答案）', ok: typeof fetch === 'function' },
    { name: '页面可见性（离开检测）', ok: typeof document !== 'undefined' && 'visibilityState' in document },
    { name: '本地存储（断网续答）', ok: (() => { try { return typeof localStorage !== 'undefined'; } catch { return false; } })() },
    { name: '媒体访问（摄像头、麦克风）', ok: typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia },
  ];
}

function StateTag({ c }: { c: Check }) {
  if (c.state === 'idle') return <Tag>未检测</Tag>;
  return c.state === 'ok' ? <Tag color="success">正常</Tag> : <Tag color="error">异常</Tag>;
}

export default function ExamDebug() {
  const navigate = useNavigate();
  const [cameraOn, setCameraOn] = useState(false);
  const streams = useRef<MediaStream[]>([]);
  const [camera, setCamera] = useState<Check>(IDLE);
  const [mic, setMic] = useState<Check>(IDLE);
  const [level, setLevel] = useState(0);
  const [full, setFull] = useState<Check>(IDLE);
  const features = browserFeatures();
  const media = !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => () => streams.current.forEach((s) => s.getTracks().forEach((t) => t.stop())), []);

  // The camera check mounts the exam's camera widget (components/face/FaceCamera): the same code and messages as in the exam.
  const testCamera = () => {
    if (!media) return setCamera({ state: 'fail', msg: NO_MEDIA });
    setCameraOn(false);
    window.setTimeout(() => setCameraOn(true), 0);
  };

  const testMic = async () => {
    if (!media) return setMic({ state: 'fail', msg: NO_MEDIA });
    try {
      const s = await navigator.mediaDevices.getUserMedia({ audio: true });
      streams.current.push(s);
      const ctx = new AudioContext();
      const analyser = ctx.createAnalyser();
      ctx.createMediaStreamSource(s).connect(analyser);
      const buf = new Uint8Array(analyser.fftSize);
      const tick = () => {
        if (s.getAudioTracks().every((t) => t.readyState === 'ended')) return void ctx.close();
        analyser.getByteTimeDomainData(buf);
        setLevel(Math.min(100, Math.round((Math.max(...buf) - 128) * 1.6)));
        requestAnimationFrame(tick);
      };
      tick();
      setMic({ state: 'ok', msg: '麦克风工作正常，请说话查看音量。' });
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      setMic({ state: 'fail', msg: `${MIC_FAILED} ${err.name}: ${err.message}` });
    }
  };

  const testFullscreen = async () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) return setFull({ state: 'fail', msg: FULLSCREEN_UNSUPPORTED });
    try {
      await document.documentElement.requestFullscreen();
      await document.exitFullscreen();
      setFull({ state: 'ok', msg: '全屏切换正常。' });
    } catch {
      setFull({ state: 'fail', msg: FULLSCREEN_UNSUPPORTED });
    }
  };

  const row = (title: string, c: Check, action: () => void, testId: string, extra?: React.ReactNode) => (
    <List.Item actions={[<Button key="t" onClick={action} data-testid={`debug-${testId}`}>检测</Button>]}>
      <List.Item.Meta
        title={
          <Space>
            {title}
            <StateTag c={c} />
          </Space>
        }
        description={
          <>
            {c.msg ? <Alert type={c.state === 'ok' ? 'success' : 'error'} showIcon title={<span data-testid={`debug-${testId}-msg`}>{c.msg}</span>} /> : null}
            {extra}
          </>
        }
      />
    </List.Item>
  );

  return (
    <div className="web-page narrow">
      <Button icon={<LeftOutlined />} onClick={() => navigate(-1)} style={{ marginBottom: 12 }}>
        返回
      </Button>
      <Card title="设备调试">
        {media ? null : <Alert type="warning" showIcon title={NO_MEDIA} style={{ marginBottom: 12 }} />}
        <List>
          {row(
            '摄像头',
            camera,
            testCamera,
            'camera',
            cameraOn ? (
              <div style={{ marginTop: 8, display: camera.state === 'fail' ? 'none' : 'block' }}>
                <FaceCamera width={320} testId="debug-video" onState={(st, msg) => st !== 'loading' && setCamera(st === 'ready' ? { state: 'ok', msg: '摄像头工作正常。' } : { state: 'fail', msg })} />
              </div>
            ) : null,
          )}
          {row('麦克风', mic, testMic, 'mic', mic.state === 'ok' ? <div className="debug-level" style={{ marginTop: 8, height: 8, background: '#eee', maxWidth: 320 }}><div style={{ width: `${level}%`, height: 8, background: '#52c41a' }} /></div> : null)}
          {row('全屏', full, testFullscreen, 'fullscreen')}
          <List.Item>
            <List.Item.Meta
              title="浏览器支持"
              description={
                <Space wrap data-testid="debug-browser">
                  {features.map((f) => (
                    <Tag key={f.name} color={f.ok ? 'success' : 'error'}>
                      {f.name}：{f.ok ? '支持' : '不支持'}
                    </Tag>
                  ))}
                </Space>
              }
            />
          </List.Item>
        </List>
      </Card>
    </div>
  );
}
