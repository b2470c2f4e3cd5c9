/**
 * Training history table (SPEC §2 "training history table", §9 page size 5): the caller's records
 * of one bank, newest first (/api/repo/train/paging) — 训练模式, 已答/总题数, 答对, 正确率, 状态,
 * 更新时间; 继续训练 for an ongoing record (state 0), else 查看结果.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { TRAIN_HISTORY_SIZE, TrainMode, TrainState, trainApi, type TrainRecord } from '@kaopei/contracts/train';
import { call } from '../../../api/request';
import { resultPath, trainingPath } from './train-paths';

export function TrainHistory({ repoId, admin }: { repoId: string; admin: boolean }) {
  const navigate = useNavigate();
  const [current, setCurrent] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: ['train-history', repoId, current],
    queryFn: () => call(trainApi.paging, { current, size: TRAIN_HISTORY_SIZE, params: { repoId } }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<TrainRecord> = [
    { title: '训练模式', dataIndex: 'mode_dictText', width: 110 },
    { title: '已答/总题数', key: 'count', width: 110, render: (_, r) => `${r.answerCount}/${r.totalCount}` },
    { title: '答对', dataIndex: 'rightCount', width: 70, render: (v: number, r) => (r.mode === TrainMode.MEMORISE ? '-' : v) },
    { title: '正确率', dataIndex: 'percent', width: 80, render: (v: number, r) => (r.mode === TrainMode.MEMORISE ? '-' : `${v}%`) },
    { title: '状态', dataIndex: 'state', width: 90, render: (v: number, r) => <Tag color={v === TrainState.ONGOING ? 'processing' : 'default'}>{r.state_dictText}</Tag> },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 100,
      fixed: 'right',
      render: (_, r) =>
        r.state === TrainState.ONGOING ? (
          <Button type="link" size="small" data-testid={`train-continue-${r.id}`} onClick={() => navigate(trainingPath(admin, r.repoId, { mode: r.mode, quType: r.quType || undefined, chapterId: r.chapterId || undefined }))}>
            继续训练
          </Button>
        ) : (
          <Button type="link" size="small" data-testid={`train-view-${r.id}`} onClick={() => navigate(resultPath(admin, r.id))}>
            查看结果
          </Button>
        ),
    },
  ];
  return (
    <Table<TrainRecord>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.records ?? []}
      loading={isFetching}
      scroll={{ x: 730 }}
      pagination={{ current, pageSize: TRAIN_HISTORY_SIZE, total: data?.total ?? 0, onChange: setCurrent, showTotal: (t) => `共 ${t} 条` }}
      onRow={(r) => ({ 'data-testid': `train-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
