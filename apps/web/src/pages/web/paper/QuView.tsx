/**
 * /web/qu/view/:id?paperId= (:id = question id) — question detail after hand-in
 * (/api/paper/paper/qu-view): the question with the learner's answer, the right answer, the score
 * and the analysis (components/QuResult). The server refuses it while the paper is open or awaiting
 * marking (20010009) and for exams that do not publish their answers (20010011); the page then
 * shows that message (`quview-refused`).
 */
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { paperApi } from '@kaopei/contracts/paper';
import { call, isApiError } from '../../../api/request';
import { QuResult } from '../../../components/QuResult';

export default function QuView() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const paperId = search.get('paperId') ?? '';
  const navigate = useNavigate();
  const query = useQuery({ queryKey: ['qu-view', paperId, id], queryFn: () => call(paperApi.quView, { paperId, quId: id }, { quiet: true }), retry: false, enabled: paperId !== '' });
  const back = (
    <Button icon={<LeftOutlined />} onClick={() => navigate(-1)} data-testid="quview-back">
      返回
    </Button>
  );

  if (query.isLoading) return <Spin className="page-loading" />;
  if (!query.data) {
    const msg = isApiError(query.error) ? query.error.message : '缺少试卷参数，无法查看试题详情！';
    return <Result status="warning" title={<span data-testid="quview-refused">{msg}</span>} extra={back} />;
  }
  return (
    <div className="web-page narrow">
      <div style={{ marginBottom: 12 }}>{back}</div>
      <Card title="试题详情">
        <QuResult qu={query.data} />
      </Card>
    </div>
  );
}
