/**
 * /admin/exam/repo/train-stat/:repoId — training statistics of a bank (/api/repo/train/stat; issue
 * 10): learners, records, answers and accuracy of the scored training records, and per question its
 * answers, right answers and accuracy; 导出 downloads the xlsx (/api/repo/train/stat-export).
 */
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, Statistic, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined, LeftOutlined } from '@ant-design/icons';
import { trainApi, type TrainStat } from '@kaopei/contracts/train';
import { call, download } from '../../../api/request';
import { htmlToText } from '../../../utils/html';

type StatQu = TrainStat['quList'][number];

export default function RepoTrainStat() {
  const { repoId = '' } = useParams();
  const navigate = useNavigate();
  const { data, isFetching } = useQuery({ queryKey: ['train-stat', repoId], queryFn: () => call(trainApi.stat, { repoId }), enabled: Boolean(repoId) });
  const columns: TableColumnsType<StatQu> = [
    { title: '序号', key: 'no', width: 70, render: (_, __, i) => i + 1 },
    { title: '题型', dataIndex: 'quType_dictText', width: 90 },
    { title: '题目', dataIndex: 'content', ellipsis: true, render: (v: string) => htmlToText(v) },
    { title: '作答次数', dataIndex: 'answerCount', width: 100, sorter: (a, b) => a.answerCount - b.answerCount },
    { title: '答对次数', dataIndex: 'rightCount', width: 100 },
    { title: '正确率', dataIndex: 'percent', width: 100, render: (v: number, r) => (r.answerCount ? `${v}%` : '-'), sorter: (a, b) => a.percent - b.percent },
  ];
  return (
    <Card
      title={
        <Space>
          <Button type="text" icon={<LeftOutlined />} onClick={() => navigate('/admin/exam/repo')} aria-label="返回" />
          训练统计：{data?.title}
        </Space>
      }
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void download(trainApi.statExport, { repoId })} data-testid="train-stat-export">
          导出
        </Button>
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}><Statistic title="训练人数" value={data?.learnerCount ?? 0} /></Col>
        <Col xs={12} md={6}><Statistic title="训练次数" value={data?.trainCount ?? 0} /></Col>
        <Col xs={12} md={6}><Statistic title="作答次数" value={data?.answerCount ?? 0} /></Col>
        <Col xs={12} md={6}><Statistic title="正确率" value={data?.percent ?? 0} suffix="%" /></Col>
      </Row>
      <Table<StatQu> rowKey="quId" size="middle" loading={isFetching} columns={columns} dataSource={data?.quList ?? []} pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }} />
    </Card>
  );
}
