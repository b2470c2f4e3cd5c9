/**
 * /web/index — online exams (SPEC §2 learner routes): paged cards with title, 时长 (分钟), 总分,
 * 及格分, attempts used/allowed (chance 0 → 不限) and the time window; the button 开始考试 /
 * 继续考试 goes to /web/exam/check/:id. `?error=1` (set after a deleted question, SPEC §8) shows
 * an error banner. Empty state '暂无相关数据！'.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Empty, Input, Pagination, Row, Spin, Tag } from 'antd';
import { PAGE_SIZES } from '@kaopei/contracts';
import { examApi, type OnlineExam as OnlineExamRecord } from '@kaopei/contracts/exam';
import { call } from '../../../api/request';
import { usePagedList } from '../../../components/paging';
import { formatWindow } from '../../../utils/format';
import { PaperError } from '@kaopei/contracts/paper';
import type { MyApplyState } from '@kaopei/contracts/exam-apply';
import { ApplyButton, ApplyStateTag, needsApproval, useApplyStates } from './ApplyExam';
import { attemptsText, usedUp } from './attempts';

function ExamCard({ exam, apply }: { exam: OnlineExamRecord; apply?: MyApplyState }) {
  const navigate = useNavigate();
  const resume = Boolean(exam.processPaperId);
  const noChance = usedUp(exam);
  // An exam needing approval: the application state, and 申请考试 until it is approved (module exam-apply).
  const mustApply = !resume && needsApproval(apply);
  return (
    <Card
      className="exam-card"
      data-testid={`online-exam-${exam.id}`}
      title={exam.title}
      extra={resume ? <Tag color="orange">考试中</Tag> : noChance ? <Tag>次数已用完</Tag> : <ApplyStateTag state={apply} />}
      actions={[
        mustApply && apply ? <ApplyButton key="apply" examId={exam.id} state={apply} /> : <Button
          key="start"
          type="primary"
          disabled={noChance}
          data-testid={`start-exam-${exam.id}`}
          onClick={() => navigate(`/web/exam/check/${encodeURIComponent(exam.id)}`)}
        >
          {resume ? '继续考试' : '开始考试'}
        </Button>,
      ]}
    >
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'time', label: '考试时长', children: `${exam.totalTime} 分钟` },
          { key: 'total', label: '总分', children: exam.totalScore },
          { key: 'qualify', label: '及格分', children: exam.qualifyScore },
          { key: 'try', label: '已考/可考', children: attemptsText(exam) },
          { key: 'window', label: '考试时间', span: 2, children: formatWindow(exam.startTime, exam.endTime) },
        ]}
      />
    </Card>
  );
}

export default function OnlineExam() {
  const [searchParams] = useSearchParams();
  const { paging, query } = usePagedList<{ title: string }, OnlineExamRecord>(
    'online-exam',
    (current, size, { title }) => call(examApi.onlinePaging, { current, size, params: title ? { title } : {} }),
    { title: '' },
  );
  const records = query.data?.records ?? [];
  const pg = paging.pagination(query.data?.total);
  const applies = useApplyStates(records.map((e) => e.id));

  return (
    <div className="web-page">
      {searchParams.get('error') ? <Alert type="error" showIcon closable title={PaperError.QU_DELETED.msg} style={{ marginBottom: 16 }} /> : null}
      <div className="web-page-head">
        <h2>在线考试</h2>
        <Input.Search placeholder="搜索考试名称" allowClear onSearch={(v) => paging.search({ title: v.trim() })} style={{ maxWidth: 280 }} />
      </div>
      <Spin spinning={query.isFetching}>
        {records.length === 0 && !query.isFetching ? (
          <Empty description="暂无相关数据！" />
        ) : (
          <Row gutter={[16, 16]}>
            {records.map((e) => (
              <Col xs={24} md={12} xl={8} key={e.id}>
                <ExamCard exam={e} apply={applies.get(e.id)} />
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <Pagination
        className="web-pagination"
        current={pg.current}
        pageSize={pg.pageSize}
        total={query.data?.total ?? 0}
        showSizeChanger
        pageSizeOptions={PAGE_SIZES.map(String)}
        showTotal={(t) => `共 ${t} 条`}
        onChange={pg.onChange}
        hideOnSinglePage={false}
      />
    </div>
  );
}
