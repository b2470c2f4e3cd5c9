/**
 * /web/repo/repo/{trainId} — training result (SPEC §2; /api/repo/train/detail): bank, mode, 总题数,
 * 已答, 答对 and 正确率 (`result-percent`; memorise mode shows no score), and the way back to the bank
 * or to train again.
 */
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Progress, Result, Space, Spin } from 'antd';
import { TrainMode, trainApi } from '@kaopei/contracts/train';
import { call } from '../../../api/request';
import { isAdminPath, repoViewPath, trainingPath } from './train-paths';

export default function MyRepoResult() {
  const { trainId = '' } = useParams();
  const admin = isAdminPath(useLocation().pathname);
  const navigate = useNavigate();
  const { data: r, isLoading } = useQuery({ queryKey: ['train-detail', trainId], queryFn: () => call(trainApi.detail, { id: trainId }), enabled: Boolean(trainId) });
  const scored = r && r.mode !== TrainMode.MEMORISE;
  return (
    <div className="web-page">
      <Spin spinning={isLoading}>
        {r ? (
          <Card>
            <Result
              status="success"
              title="训练完成"
              subTitle={`${r.repoId_dictText} · ${r.mode_dictText}`}
              icon={scored ? <Progress type="circle" percent={r.percent} format={(p) => <span data-testid="result-percent">{p}%</span>} /> : undefined}
              extra={
                <Space wrap>
                  <Button type="primary" onClick={() => navigate(repoViewPath(admin, r.repoId))} data-testid="result-back">返回题库</Button>
                  <Button onClick={() => navigate(trainingPath(admin, r.repoId, { mode: r.mode, quType: r.quType || undefined, chapterId: r.chapterId || undefined, clear: true }))}>再练一次</Button>
                </Space>
              }
            />
            <Descriptions bordered size="small" column={{ xs: 1, sm: 2, md: 3 }}>
              <Descriptions.Item label="总题数">{r.totalCount}</Descriptions.Item>
              <Descriptions.Item label="已答">{r.answerCount}</Descriptions.Item>
              <Descriptions.Item label="答对">{scored ? <span data-testid="result-right">{r.rightCount}</span> : '-'}</Descriptions.Item>
              <Descriptions.Item label="正确率">{scored ? `${r.percent}%` : '-'}</Descriptions.Item>
              <Descriptions.Item label="开始时间">{r.createTime}</Descriptions.Item>
              <Descriptions.Item label="状态">{r.state_dictText}</Descriptions.Item>
            </Descriptions>
          </Card>
        ) : null}
      </Spin>
    </div>
  );
}
