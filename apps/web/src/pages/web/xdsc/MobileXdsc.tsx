/**
 * /m/info/cj?id= — information collection on the phone (SPEC §2 mobile route /m/info/cj; issue 13
 * "Surveys and information collection"): the form's title and window, then XdscFill; after the
 * submission the learner's values read-only. Unknown or closed forms show an empty state.
 */
import { Card, Empty, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { xdscApi } from '@kaopei/contracts/xdsc';
import { call } from '../../../api/request';
import { XdscFill } from './XdscFill';

export default function MobileXdsc() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: ['xdsc-learner', id], queryFn: () => call(xdscApi.detailLearner, { id }, { quiet: true }), enabled: Boolean(id), retry: false });
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!q.data) return <Empty style={{ marginTop: 64 }} description="信息采集不存在或未开放" />;
  const d = q.data;
  return (
    <Card title={<span data-testid="xdsc-title">{d.title}</span>} variant="borderless">
      {d.startTime || d.endTime ? (
        <Typography.Paragraph type="secondary">
          填写时间：{d.startTime || '不限'} 至 {d.endTime || '不限'}
        </Typography.Paragraph>
      ) : null}
      <XdscFill detail={d} onSubmitted={() => void q.refetch()} />
    </Card>
  );
}
