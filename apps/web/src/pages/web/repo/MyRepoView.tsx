/**
 * /web/repo/view/{repoId} — bank detail (SPEC §2; also the admin's preview route MyRepoView,
 * /admin/exam/repo/view/:repoId): the bank's counts, one card per training mode with the last
 * record of that mode (已答/总题数, 正确率) and 开始训练 / 继续训练 / 重新开始; mode 4 picks a question
 * type and mode 6 a chapter first; mode 5 (错题练习) shows as not yet open. Below, the training
 * history (5 per page, 继续训练 for ongoing records).
 */
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Row, Select, Space, Spin, Tag } from 'antd';
import { QU_TYPE_LABEL } from '@kaopei/contracts';
import { TrainMode, TrainState, trainApi, type TrainOverview } from '@kaopei/contracts/train';
import { call } from '../../../api/request';
import { TrainHistory } from './TrainHistory';
import { isAdminPath, trainingPath, type TrainTarget } from './train-paths';

const MODE_TIPS: Record<number, string> = {
  1: '按章节顺序逐题练习',
  2: '打乱顺序随机练习',
  3: '直接显示答案与解析，不计分',
  4: '只练习选定的题型',
  5: '只练习做错的题目',
  6: '只练习选定的章节',
};

function ModeCard({ ov, m, admin }: { ov: TrainOverview; m: TrainOverview['modeList'][number]; admin: boolean }) {
  const navigate = useNavigate();
  const [quType, setQuType] = useState<number | undefined>(m.last?.quType || ov.typeCountList[0]?.quType);
  const [chapterId, setChapterId] = useState<string | undefined>(m.last?.chapterId || ov.chapterList.find((c) => c.quCount > 0)?.id);
  const last = m.last;
  const target = (clear: boolean): TrainTarget => ({ mode: m.mode, clear, ...(m.mode === TrainMode.TYPE ? { quType } : {}), ...(m.mode === TrainMode.CHAPTER ? { chapterId } : {}) });
  // The last record continues only when it is of the type / chapter chosen now.
  const sameTarget = last && (m.mode !== TrainMode.TYPE || last.quType === quType) && (m.mode !== TrainMode.CHAPTER || last.chapterId === chapterId);
  const ongoing = sameTarget && last.state === TrainState.ONGOING;
  const ready = m.open && (m.mode !== TrainMode.TYPE || quType) && (m.mode !== TrainMode.CHAPTER || chapterId);
  return (
    <Card title={m.mode_dictText} size="small" data-testid={`mode-card-${m.mode}`} extra={m.open ? null : <Tag>暂未开放</Tag>}>
      <p className="muted">{MODE_TIPS[m.mode]}</p>
      {m.mode === TrainMode.TYPE ? (
        <Select style={{ width: '100%', marginBottom: 8 }} value={quType} onChange={setQuType} placeholder="请选择题型" data-testid="mode-type-select"
          options={ov.typeCountList.map((c) => ({ value: c.quType, label: `${QU_TYPE_LABEL[c.quType] ?? c.quType}（${c.count}题）` }))} />
      ) : null}
      {m.mode === TrainMode.CHAPTER ? (
        <Select style={{ width: '100%', marginBottom: 8 }} value={chapterId} onChange={setChapterId} placeholder={ov.chapterList.length ? '请选择章节' : '该题库没有章节'} data-testid="mode-chapter-select"
          options={ov.chapterList.map((c) => ({ value: c.id, label: `${c.title}（${c.quCount}题）`, disabled: c.quCount === 0 }))} />
      ) : null}
      <div className="muted" style={{ minHeight: 22 }} data-testid={`mode-last-${m.mode}`}>
        {last ? `上次：已答 ${last.answerCount}/${last.totalCount}${m.mode === TrainMode.MEMORISE ? '' : `，正确率 ${last.percent}%`}（${last.state_dictText}）` : '尚未训练'}
      </div>
      <Space style={{ marginTop: 8 }} wrap>
        {ongoing ? (
          <>
            <Button type="primary" onClick={() => navigate(trainingPath(admin, ov.repoId, target(false)))} data-testid={`mode-continue-${m.mode}`}>继续训练</Button>
            <Button onClick={() => navigate(trainingPath(admin, ov.repoId, target(true)))} data-testid={`mode-restart-${m.mode}`}>重新开始</Button>
          </>
        ) : (
          <Button type="primary" disabled={!ready} onClick={() => navigate(trainingPath(admin, ov.repoId, target(false)))} data-testid={`mode-start-${m.mode}`}>开始训练</Button>
        )}
      </Space>
    </Card>
  );
}

export default function MyRepoView() {
  const { repoId = '' } = useParams();
  const admin = isAdminPath(useLocation().pathname);
  const { data: ov, isLoading } = useQuery({ queryKey: ['train-overview', repoId], queryFn: () => call(trainApi.overview, { repoId }), enabled: Boolean(repoId) });
  return (
    <div className="web-page">
      <Spin spinning={isLoading}>
        {ov ? (
          <>
            <div className="web-page-head">
              <h2 data-testid="repo-title">{ov.title}</h2>
            </div>
            <Card style={{ marginBottom: 16 }}>
              <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
                <Descriptions.Item label="试题总数">{ov.quCount}</Descriptions.Item>
                <Descriptions.Item label="题型">{ov.typeCountList.map((c) => `${QU_TYPE_LABEL[c.quType] ?? c.quType} ${c.count}`).join('，') || '-'}</Descriptions.Item>
                <Descriptions.Item label="章节数">{ov.chapterList.length}</Descriptions.Item>
                {ov.remark ? <Descriptions.Item label="题库描述">{ov.remark}</Descriptions.Item> : null}
              </Descriptions>
            </Card>
            <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
              {ov.modeList.map((m) => (
                <Col key={m.mode} xs={24} sm={12} lg={8}>
                  <ModeCard ov={ov} m={m} admin={admin} />
                </Col>
              ))}
            </Row>
            <Card title="训练记录">
              <TrainHistory repoId={repoId} admin={admin} />
            </Card>
          </>
        ) : null}
      </Spin>
    </div>
  );
}
