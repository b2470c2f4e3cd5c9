/**
 * PaperEvidence (监考证据, route /admin/exam/evidence/:paperId; issue 12 "Evidence timeline"): one
 * paper's timeline on the server clock — every capture and the face check before the exam with its
 * score, face count and thumbnail (click to enlarge), camera errors, every leave and fullscreen exit,
 * every invigilator reminder, the forced hand-in and the appeal's steps. Reached from the 监考 page
 * (row 证据) and the appeal list. Needs exam:evidence.
 */
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Image, Spin, Tag, Timeline } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { PAPER_STATE_LABEL } from '@kaopei/contracts';
import { paperCaptureApi, type EvidenceItem } from '@kaopei/contracts/paper-capture';
import { call } from '../../../api/request';

const COLOR: Record<string, string> = { leave: 'orange', fullscreen: 'orange', remind: 'blue', break: 'red', appeal: 'purple', reopen: 'green', confirm: 'gray' };

function ItemBody({ item, index }: { item: EvidenceItem; index: number }) {
  const isFrame = item.kind === 'capture' || item.kind === 'check';
  return (
    <div data-testid={`evidence-item-${index}`} data-kind={item.kind}>
      <div>
        <span style={{ color: '#888', marginRight: 8 }}>{item.time}</span>
        <b>{item.kind_dictText}</b>
        {isFrame && item.pass !== null ? <Tag color={item.pass ? 'success' : 'error'} style={{ marginLeft: 8 }}>{item.pass ? '通过' : '未通过'}</Tag> : null}
        {isFrame && item.score !== null ? <span style={{ marginLeft: 8 }}>相似度 {item.score.toFixed(2)}</span> : null}
        {isFrame && item.faces !== null ? <span style={{ marginLeft: 8 }}>人脸 {item.faces} 个</span> : null}
      </div>
      {item.text ? <div style={{ marginTop: 4 }}>{item.text}</div> : null}
      {item.image ? <Image src={item.image} width={120} style={{ marginTop: 6, borderRadius: 4 }} alt={item.kind_dictText} /> : null}
    </div>
  );
}

export default function PaperEvidence() {
  const { paperId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['paper-evidence', paperId], queryFn: () => call(paperCaptureApi.timeline, { id: paperId }) });
  if (q.isLoading) return <Spin className="page-loading" />;
  const t = q.data;
  return (
    <Card
      className="page"
      title={
        <span>
          <Button type="text" icon={<LeftOutlined />} onClick={() => navigate(-1)} />
          监考证据
        </span>
      }
    >
      {t ? (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 3 }}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'name', label: '考生', children: t.realName || t.userId },
              { key: 'title', label: '考试', children: t.title },
              { key: 'state', label: '状态', children: PAPER_STATE_LABEL[t.state] ?? '' },
              { key: 'start', label: '开始时间', children: t.createTime ?? '-' },
              { key: 'hand', label: '交卷时间', children: t.handTime ?? '-' },
              { key: 'fail', label: '连续识别失败', children: <span data-testid="evidence-fail">{`${t.failCount}/${t.faceChance}`}{t.broken ? '（已强制交卷）' : ''}</span> },
            ]}
          />
          {t.items.length ? (
            <Timeline items={t.items.map((item, i) => ({ key: `${item.ms}-${i}`, color: item.pass === false ? 'red' : item.pass ? 'green' : (COLOR[item.kind] ?? 'blue'), content: <ItemBody item={item} index={i} /> }))} />
          ) : (
            <Empty description="暂无相关数据！" />
          )}
        </>
      ) : (
        <Empty description="试卷不存在！" />
      )}
    </Card>
  );
}
