/**
 * /m/info/bjInfo — the class on a phone (SPEC §2 mobile routes; issue 13 "Face-to-face training"):
 * the class named by `classId` (title, dates, organiser) and, when the URL carries `sign` and
 * `lessonId` (the QR code of the admin's 签到二维码), the sign-in: it asks the browser for its
 * position when the lesson has a geofence, then /api/trainClass/sign/in, and shows 签到成功！ or the
 * server's message in large type. Touch-sized buttons; no horizontal scroll at 360 px.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LESSON_MSG, lessonApi, signApi, SignError } from '@kaopei/contracts/class-session';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { call, isApiError } from '../../../api/request';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/** The phone's position (WGS84), or null when refused / unavailable within 15 s. */
function position(): Promise<{ lat: number; lng: number } | null> {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}

const BIG = { fontSize: 22, lineHeight: 1.5, wordBreak: 'break-word' } as const;
const TOUCH = { height: 48, fontSize: 17 } as const;

export default function MobileClassInfo() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const classId = params.get('classId') ?? '';
  const token = params.get('sign') ?? '';
  const lessonId = params.get('lessonId') ?? '';
  const info = useQuery({ queryKey: ['m-class', classId], queryFn: () => call(trainClassApi.info, { id: classId }, { quiet: true }), enabled: Boolean(classId), retry: false });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [signing, setSigning] = useState(false);
  const started = useRef(false);

  const signIn = useCallback(async () => {
    setSigning(true);
    setOutcome(null);
    try {
      const lessons = await call(lessonApi.myList, { classId }, { quiet: true });
      const lesson = lessons.find((l) => l.id === lessonId);
      const pos = lesson && lesson.radius > 0 ? await position() : null;
      if (lesson && lesson.radius > 0 && !pos) {
        setOutcome({ ok: false, text: SignError.NO_LOCATION.msg });
        return;
      }
      await call(signApi.in, { lessonId, token, ...(pos ?? {}) }, { quiet: true });
      setOutcome({ ok: true, text: LESSON_MSG.signed });
    } catch (e) {
      setOutcome({ ok: false, text: isApiError(e) ? e.message : '签到失败，请稍后重试！' });
    } finally {
      setSigning(false);
    }
  }, [classId, lessonId, token]);

  useEffect(() => {
    if (!token || !lessonId || !classId || started.current) return;
    started.current = true;
    void signIn();
  }, [token, lessonId, classId, signIn]);

  const cls = info.data;
  return (
    <div data-testid="m-class-info" style={{ padding: '8px 4px' }}>
      {info.isLoading ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : null}
      {cls ? (
        <div style={{ marginBottom: 16 }}>
          <h2 style={{ ...BIG, margin: '0 0 8px' }} data-testid="m-class-title">
            {cls.title}
          </h2>
          <div style={{ color: '#666', fontSize: 15, lineHeight: 1.8 }}>
            <div>培训时间：{cls.startTime.slice(0, 10)} 至 {cls.endTime.slice(0, 10)}</div>
            {cls.organiser ? <div>主办单位：{cls.organiser}</div> : null}
            <div>报名状态：{cls.myState_dictText}</div>
          </div>
        </div>
      ) : info.isError ? (
        <div style={BIG}>培训班不存在或您无权查看！</div>
      ) : null}
      {token && lessonId ? (
        <div style={{ textAlign: 'center' }}>
          {signing ? <Spin size="large" style={{ margin: 32 }} /> : null}
          {outcome ? (
            <Result
              status={outcome.ok ? 'success' : 'warning'}
              title={
                <span style={{ ...BIG, fontSize: 26 }} data-testid="m-sign-result">
                  {outcome.text}
                </span>
              }
              style={{ padding: '24px 0' }}
            />
          ) : null}
          {outcome && !outcome.ok ? (
            <Button type="primary" block style={TOUCH} onClick={() => void signIn()} disabled={signing} data-testid="m-sign-retry">
              重新签到
            </Button>
          ) : null}
        </div>
      ) : null}
      <Button block style={{ ...TOUCH, marginTop: 12 }} onClick={() => void navigate(`/web/webclassapply/info?classId=${encodeURIComponent(classId)}`)} data-testid="m-class-open">
        查看培训班详情
      </Button>
    </div>
  );
}
