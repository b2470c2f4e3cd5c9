/**
 * /web/liveClass/play/:id — watching a live session (issue 13): asks /api/onlineClass/play for the
 * source (the signed HLS URL while live, the replay file after the end) and embeds the player page
 * `/player/live.html?src=<encodeURIComponent(url)>` (SPEC §2) in an iframe. While the session is
 * live and the page is visible it sends /api/onlineClass/heartbeat every LIVE_BEAT_SEC seconds with
 * a stream id of its own (the server counts the attended time) and shows the attended time.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Result, Space, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LIVE_BEAT_SEC, LIVE_PLAYER_PATH, LivePhase, liveApi } from '@kaopei/contracts/live-class';
import { call, isApiError } from '../../../api/request';

/** A random stream id for this opened page. */
function newStreamId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function WebLivePlay() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const streamId = useMemo(newStreamId, []);
  const play = useQuery({ queryKey: ['live-play', id], queryFn: () => call(liveApi.play, { id }, { quiet: true, quietUnreachable: true }), retry: false, gcTime: 0, refetchOnWindowFocus: false });
  const [attendSec, setAttendSec] = useState<number | null>(null);
  const [beatError, setBeatError] = useState<string | null>(null);
  const live = play.data?.kind === 'live';

  useEffect(() => {
    if (!live) return;
    let stopped = false;
    const beat = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const r = await call(liveApi.heartbeat, { id, streamId }, { quiet: true, quietUnreachable: true });
        if (stopped) return;
        setAttendSec(r.attendSec);
        setBeatError(null);
      } catch (e) {
        if (!stopped) setBeatError(isApiError(e) ? e.message : '网络异常，观看时长暂未计入');
      }
    };
    void beat();
    const timer = window.setInterval(() => void beat(), LIVE_BEAT_SEC * 1000);
    const onVisible = () => void beat();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [live, id, streamId]);

  const back = (
    <Button onClick={() => void navigate('/web/liveClass')} data-testid="web-live-back">
      返回列表
    </Button>
  );
  if (play.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (play.isError || !play.data) return <Result status="info" title={isApiError(play.error) ? play.error.message : '无法观看该直播'} extra={back} data-testid="web-live-refused" />;
  const d = play.data;
  const src = `${LIVE_PLAYER_PATH}?src=${encodeURIComponent(d.url)}`;
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>{d.title}</h2>
        <Space>
          <Tag color={d.phase === LivePhase.LIVE ? 'red' : 'default'}>{d.kind === 'replay' ? '回放' : d.phase === LivePhase.LIVE ? '直播中' : '即将开始'}</Tag>
          {live ? <span data-testid="web-live-attend">已观看 {Math.floor((attendSec ?? 0) / 60)} 分 {(attendSec ?? 0) % 60} 秒</span> : null}
          {back}
        </Space>
      </div>
      {beatError ? <Alert type="warning" showIcon message={beatError} style={{ marginBottom: 12 }} data-testid="web-live-beat-error" /> : null}
      <Card styles={{ body: { padding: 0 } }}>
        <iframe
          title="直播播放器"
          src={src}
          allow="autoplay; fullscreen"
          allowFullScreen
          style={{ width: '100%', aspectRatio: '16 / 9', border: 0, display: 'block', background: '#000' }}
          data-testid="web-live-player"
        />
      </Card>
      <div style={{ marginTop: 8, color: '#888' }}>
        {d.startTime} 至 {d.endTime}
      </div>
    </div>
  );
}
