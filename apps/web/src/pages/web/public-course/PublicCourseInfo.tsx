/**
 * /web/publicCourse/info?id=… — a course's detail for the learner (SPEC §2, /api/course/course/detail):
 * cover, title, price, required study time, certificate and points on completion, the introduction
 * and the chapters (files with type, length and required time; never anybody's progress). The
 * button: 开始学习 (/web/course/view/{id}) when the learner may study it, 购买课程 / 申请学习 (the
 * purchase dialog) for a priced course, 审核中 while an application waits.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { courseApi, type CourseFileRow } from '@kaopei/contracts/course';
import { call } from '../../../api/request';
import { RichText } from '../../../components/RichText';
import { formatDuration } from '../../../utils/format';
import { standingTag } from '../course/CourseCard';
import { BuyCourseDialog } from './BuyCourseDialog';

const COLUMNS: TableColumnsType<CourseFileRow> = [
  { title: '章节', dataIndex: 'chapter', width: 160, ellipsis: true },
  { title: '课件', dataIndex: 'title', ellipsis: true },
  { title: '类型', dataIndex: 'fileType_dictText', width: 70 },
  { title: '时长/页数', key: 'len', width: 110, render: (_, f) => (f.fileType === 22 ? (f.pageCount ? `${f.pageCount}页` : '-') : f.duration ? formatDuration(f.duration) : '-') },
  { title: '要求学习', dataIndex: 'needSec', width: 120, render: (s: number) => formatDuration(s) },
];

export default function PublicCourseInfo() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const [buying, setBuying] = useState(false);
  const detail = useQuery({ queryKey: ['course-learn-detail', id], queryFn: () => call(courseApi.detail, { id }), enabled: id !== '', retry: false });
  const c = detail.data;

  if (!id || detail.isError) return <Empty className="web-page" description="课程不存在或已被删除！" />;
  if (!c) return <Spin className="page-loading" />;

  const action = c.canStudy ? (
    <Button type="primary" size="large" onClick={() => navigate(`/web/course/view/${encodeURIComponent(c.id)}`)} data-testid="course-start">
      开始学习
    </Button>
  ) : c.applyState === 0 ? (
    <Button size="large" disabled>
      审核中
    </Button>
  ) : (
    <Button type="primary" size="large" onClick={() => setBuying(true)} data-testid="course-buy">
      {c.costPoints > 0 ? '购买课程' : '申请学习'}
    </Button>
  );

  return (
    <div className="web-page">
      <Card>
        <Row gutter={24}>
          <Col xs={24} md={9}>
            {c.cover ? <img alt={c.title} src={c.cover} style={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 4 }} /> : null}
          </Col>
          <Col xs={24} md={15}>
            <Typography.Title level={3} data-testid="course-info-title">
              {c.title}
            </Typography.Title>
            <p>
              <Tag color={c.free ? 'green' : 'volcano'} data-testid="course-info-price">
                {c.priceText}
              </Tag>
              {standingTag(c)}
            </p>
            <p className="muted">
              {c.fileCount} 个课件 · 要求学时 {formatDuration(c.totalSec)}
              {c.certId_dictText ? ` · 完成后颁发「${c.certId_dictText}」` : ''}
              {c.finishPoints ? ` · 完成奖励 ${c.finishPoints} 积分` : ''}
            </p>
            {action}
          </Col>
        </Row>
      </Card>
      {c.content ? (
        <Card title="课程介绍" style={{ marginTop: 16 }}>
          <RichText html={c.content} />
        </Card>
      ) : null}
      <Card title="课程目录" style={{ marginTop: 16 }}>
        <Table<CourseFileRow> rowKey="fileId" size="small" pagination={false} columns={COLUMNS} dataSource={c.fileList} scroll={{ x: 600 }} />
      </Card>
      <BuyCourseDialog courseId={buying ? c.id : null} onClose={() => setBuying(false)} onDone={() => void detail.refetch()} />
    </div>
  );
}
