/**
 * /admin/exam/mark/paper/:id — marking one paper (issue 8 "Marking"; /api/paper/mark/detail and
 * /save). Each short answer (`mark-item-{paperQuId}`) shows the question (and its combined stem), the
 * learner's answer, the reference answer and analysis, the keyword suggestion ('关键词命中 … 建议得分
 * n', with 采用建议 filling it in), a score entry within 0..the question's score
 * (`mark-score-{paperQuId}`) and a comment (`mark-comment-{paperQuId}`). The arbiter also sees the
 * two blind scores. 提交评分 (`mark-submit`) saves; the server refuses a second marking of the same
 * paper with a clear message. After saving the page goes back to the list.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Alert, Button, Card, Descriptions, Input, InputNumber, Result, Space, Spin, Tag, Typography } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { markApi, MarkMode, MarkStep, MARK_STEP_LABEL, type MarkItem } from '@kaopei/contracts/paper-mark';
import { call } from '../../../api/request';
import { RichText } from '../../../components/RichText';

interface Entry {
  score: number | null;
  comment: string;
}

function ItemCard({ item, entry, onChange, editable }: { item: MarkItem; entry: Entry; onChange: (e: Entry) => void; editable: boolean }) {
  return (
    <Card size="small" className="mark-item" data-testid={`mark-item-${item.paperQuId}`} title={<span>简答题（{item.score} 分）</span>}>
      {item.stem ? <RichText html={item.stem} className="mark-stem" /> : null}
      <RichText html={item.content} className="qu-content" />
      {item.image ? <img src={item.image} alt="" className="qu-image" /> : null}
      <div className="mark-answer">
        <Typography.Text strong>考生答案：</Typography.Text>
        <div className="mark-answer-text" data-testid={`mark-answer-${item.paperQuId}`}>
          {item.answer || <Typography.Text type="secondary">未作答</Typography.Text>}
        </div>
      </div>
      {item.refAnswer ? (
        <div className="mark-ref">
          <Typography.Text strong>参考答案：</Typography.Text>
          <RichText html={item.refAnswer} />
        </div>
      ) : null}
      {item.analysis ? (
        <div className="mark-ref">
          <Typography.Text strong>解析：</Typography.Text>
          <RichText html={item.analysis} />
        </div>
      ) : null}
      {item.suggested !== null ? (
        <Alert
          type="info"
          showIcon
          className="mark-suggest"
          title={
            <span data-testid={`mark-suggest-${item.paperQuId}`}>
              关键词命中：{item.keywordHits.length ? item.keywordHits.join('、') : '无'}，建议得分 {item.suggested} 分
            </span>
          }
          action={
            editable ? (
              <Button size="small" onClick={() => onChange({ ...entry, score: item.suggested })}>
                采用建议
              </Button>
            ) : null
          }
        />
      ) : null}
      {item.otherMarks.length ? (
        <div className="mark-others">
          {item.otherMarks.map((m) => (
            <Tag key={m.step}>
              {m.step === MarkStep.FIRST ? '一评' : '二评'}：{m.score} 分{m.comment ? `（${m.comment}）` : ''}
            </Tag>
          ))}
        </div>
      ) : null}
      <Space className="mark-entry" wrap>
        <span>得分</span>
        <InputNumber min={0} max={item.score} precision={0} value={entry.score} disabled={!editable} onChange={(v) => onChange({ ...entry, score: v ?? null })} data-testid={`mark-score-${item.paperQuId}`} />
        <span>/ {item.score} 分</span>
        <Input.TextArea rows={1} maxLength={2000} placeholder="评语（选填）" value={entry.comment} disabled={!editable} onChange={(e) => onChange({ ...entry, comment: e.target.value })} style={{ width: 360 }} data-testid={`mark-comment-${item.paperQuId}`} />
      </Space>
    </Card>
  );
}

export default function MarkPaper() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const query = useQuery({ queryKey: ['mark-detail', id], queryFn: () => call(markApi.detail, { id }), gcTime: 0 });
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [saving, setSaving] = useState(false);
  const d = query.data;

  useEffect(() => {
    if (d) setEntries(Object.fromEntries(d.itemList.map((i) => [i.paperQuId, { score: i.myScore, comment: i.myComment }])));
  }, [d]);

  if (query.isLoading) return <Spin className="page-loading" />;
  if (!d) return <Result status="warning" title="试卷加载失败" extra={<Button onClick={() => navigate('/admin/exam/mark')}>返回</Button>} />;

  const editable = d.markStep !== MarkStep.NONE;
  const submit = async () => {
    const missing = d.itemList.find((i) => entries[i.paperQuId]?.score === null || entries[i.paperQuId]?.score === undefined);
    if (missing) {
      message.warning('请为每道主观题评分！');
      return;
    }
    setSaving(true);
    try {
      const res = await call(markApi.save, { id: d.id, items: d.itemList.map((i) => ({ paperQuId: i.paperQuId, score: entries[i.paperQuId]!.score!, comment: entries[i.paperQuId]!.comment })) });
      message.success(res.state === 2 ? '阅卷完成！' : res.needArbiter ? '两次评分差距过大，已提交仲裁！' : '评分已提交，等待其他阅卷人评阅！');
      navigate('/admin/exam/mark');
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="page mark-page">
      <Button icon={<LeftOutlined />} onClick={() => navigate('/admin/exam/mark')} style={{ marginBottom: 12 }}>
        返回阅卷列表
      </Button>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          { key: 'title', label: '考试', children: d.title },
          { key: 'user', label: '考生', children: d.userName },
          { key: 'obj', label: '客观题得分', children: `${d.objScore} / ${d.totalScore}` },
          { key: 'mode', label: '评阅', children: `${d.markMode === MarkMode.DOUBLE_BLIND ? '双评' : '单评'}：${MARK_STEP_LABEL[d.markStep] ?? ''}` },
        ]}
      />
      {!editable ? <Alert type="warning" showIcon title={d.state === 2 ? '该试卷已阅卷完成。' : '该试卷正在等待其他阅卷人评阅。'} style={{ margin: '12px 0' }} /> : null}
      {d.itemList.map((item) => (
        <ItemCard key={item.paperQuId} item={item} editable={editable} entry={entries[item.paperQuId] ?? { score: null, comment: '' }} onChange={(e) => setEntries((m) => ({ ...m, [item.paperQuId]: e }))} />
      ))}
      {editable ? (
        <div className="mark-actions">
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="mark-submit">
            提交评分
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
