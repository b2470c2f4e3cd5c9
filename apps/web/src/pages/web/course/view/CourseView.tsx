/**
 * /web/course/view/:courseId and /web/course/view/:courseId/:fileId (CourseView,
 * CourseViewWithFile; SPEC §2 course routes, issue 11 "Course view"): the course's chapters with the
 * learner's progress per file beside the player of the chosen file (default: the first file not yet
 * finished). A learner who may not study the course (not open to them, or not bought) is sent to
 * the course's public page, where they can buy or apply.
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Progress, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { courseApi } from '@kaopei/contracts/course';
import { courseStudyApi } from '@kaopei/contracts/course-study';
import { call } from '../../../../api/request';
import { useAuth } from '../../../../store/auth';
import { StudyPane } from './StudyPane';
import { byChapter } from './chapters';

export default function CourseView() {
  const { courseId = '', fileId } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['course-learn-detail', courseId], queryFn: () => call(courseApi.detail, { id: courseId }) });
  const mine = useQuery({
    queryKey: ['course-learn-files', courseId],
    queryFn: () => call(courseStudyApi.courseFiles, { courseId }),
    enabled: !!detail.data?.canStudy,
  });
  const progressOf = useMemo(() => new Map((mine.data?.files ?? []).map((f) => [f.fileId, f])), [mine.data]);

  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  const course = detail.data;
  if (!course) return <Result status="404" title="课程不存在或已下架" extra={<Button onClick={() => navigate('/web/course')}>返回我的课程</Button>} />;
  if (!course.canStudy) {
    return (
      <Result
        status="warning"
        title="您还不能学习该课程"
        subTitle={course.priceText ? `本课程为 ${course.priceText}，购买或申请通过后即可学习。` : ''}
        extra={
          <Button type="primary" onClick={() => navigate(`/web/publicCourse/info?id=${encodeURIComponent(course.id)}`)} data-testid="course-view-buy">
            查看课程
          </Button>
        }
      />
    );
  }

  const groups = byChapter(course.fileList);
  const firstOpen = course.fileList.find((f) => !progressOf.get(f.fileId)?.finished) ?? course.fileList[0];
  const current = fileId ?? firstOpen?.fileId;
  return (
    <div className="web-page" data-testid="course-view">
      <div className="web-page-head">
        <Space wrap>
          <Button icon={<LeftOutlined />} onClick={() => navigate('/web/course')}>
            返回
          </Button>
          <h2 style={{ margin: 0 }}>{course.title}</h2>
          {mine.data?.courseFinished && <Tag color="success">已完成</Tag>}
          <Typography.Text type="secondary" data-testid="course-view-process">
            课程进度 {mine.data?.courseProcess ?? 0}%
          </Typography.Text>
        </Space>
      </div>
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Card>
            {current && user ? (
              <StudyPane
                key={current}
                userId={user.userId}
                courseId={course.id}
                fileId={current}
                onProgress={(r) => {
                  if (r.event || r.finished) void client.invalidateQueries({ queryKey: ['course-learn-files', courseId] });
                }}
              />
            ) : (
              <Empty description="本课程暂无课件" />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={7}>
          <Card title="课程目录" styles={{ body: { padding: 0 } }}>
            {groups.map((g) => (
              <List
                key={`${g.chapter}-${g.files[0]?.fileId}`}
                header={g.chapter ? <Typography.Text strong style={{ paddingLeft: 16 }}>{g.chapter}</Typography.Text> : undefined}
                dataSource={g.files}
                renderItem={(f) => {
                  const p = progressOf.get(f.fileId);
                  return (
                    <List.Item
                      onClick={() => navigate(`/web/course/view/${encodeURIComponent(course.id)}/${encodeURIComponent(f.fileId)}`)}
                      style={{ cursor: 'pointer', paddingInline: 16, background: f.fileId === current ? '#e6f4ff' : undefined }}
                      data-testid={`course-view-file-${f.fileId}`}
                      extra={<Progress type="circle" size={28} percent={p?.process ?? 0} />}
                    >
                      <List.Item.Meta title={f.title} description={`${f.fileType_dictText}${f.duration ? ` · ${Math.ceil(f.duration / 60)} 分钟` : ''}`} />
                    </List.Item>
                  );
                }}
              />
            ))}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
