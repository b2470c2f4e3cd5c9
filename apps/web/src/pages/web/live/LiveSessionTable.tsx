/**
 * The learner's table of live sessions (/api/onlineClass/user-paging): state by the server clock
 * (未开始 / 直播中 / 已结束), attended time and 进入直播 (or 观看回放 after the end) opening
 * /web/liveClass/play/:id. Used by 直播课堂 (/web/liveClass, with a title search) and by the 直播课堂
 * tab of the class page (`classId`: that class's sessions only).
 */
import type { HTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { Button, Tag, type TableColumnsType } from 'antd';
import { LivePhase, liveApi, type LiveWebRecord } from '@kaopei/contracts/live-class';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';

const NO_FILTER = { title: '' };
const PHASE_COLOR: Record<number, string> = { [LivePhase.NOT_STARTED]: 'blue', [LivePhase.LIVE]: 'red', [LivePhase.ENDED]: 'default' };

/** Seconds as 时:分:秒. */
function hms(sec: number): string {
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(sec % 60).padStart(2, '0')}`;
}

/** The paged list of live sessions the learner may watch (of one class when `classId`). */
export function useLiveSessions(classId?: string) {
  return usePagedList<{ title: string }, LiveWebRecord>(
    classId ? `web-live-${classId}` : 'web-live',
    (current, size, { title }) => call(liveApi.userPaging, { current, size, params: { ...(title ? { title } : {}), ...(classId ? { classId } : {}) } }),
    NO_FILTER,
  );
}

export function LiveSessionTable({ list }: { list: ReturnType<typeof useLiveSessions> }) {
  const navigate = useNavigate();
  const columns: TableColumnsType<LiveWebRecord> = [
    { title: '直播', dataIndex: 'title', ellipsis: true },
    { title: '开始时间', dataIndex: 'startTime', width: 170 },
    { title: '结束时间', dataIndex: 'endTime', width: 170 },
    {
      title: '状态',
      dataIndex: 'phase',
      width: 90,
      align: 'center',
      render: (_, r) => (
        <Tag color={PHASE_COLOR[r.phase]} data-testid={`web-live-phase-${r.id}`}>
          {r.phase_dictText}
        </Tag>
      ),
    },
    { title: '观看时长', dataIndex: 'attendSec', width: 100, render: (v: number) => hms(v) },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) =>
        r.phase === LivePhase.ENDED && !r.hasReplay ? (
          <Button size="small" disabled>
            已结束
          </Button>
        ) : (
          <Button size="small" type={r.phase === LivePhase.LIVE ? 'primary' : 'default'} onClick={() => void navigate(`/web/liveClass/play/${r.id}`)} data-testid={`web-live-enter-${r.id}`}>
            {r.phase === LivePhase.ENDED ? '观看回放' : '进入直播'}
          </Button>
        ),
    },
  ];

  return <PagedTable<LiveWebRecord> list={list} columns={columns} onRow={(r) => ({ 'data-testid': `web-live-row-${r.id}` }) as HTMLAttributes<HTMLElement>} scroll={{ x: 760 }} />;
}
