/**
 * /admin/sys/points-rule — 积分规则 (issue 7 "Points": points for passing an exam, finishing a course,
 * finishing a class and the first login of a day, each with an on/off): one row per rule with its
 * points and switch, saved per row (/api/user/points/rule/save, needs points:rule:update). A change
 * applies to awards made from then on; awards already made stay.
 */
import { useEffect, useState } from 'react';
import { App, Alert, Card, InputNumber, Switch, Table, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { POINTS_RULE_MAX, PointsPerm, pointsApi, type PointsRule as Rule } from '@kaopei/contracts/points';
import { call } from '../../../../api/request';
import { RowAction, usePerm } from '../../../../components/Perm';

type Draft = Record<string, { points: number | null; enabled: number }>;

export default function PointsRule() {
  const { message } = App.useApp();
  const can = usePerm();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: ['points-rules'], queryFn: () => call(pointsApi.ruleList, {}) });
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState<string | null>(null);
  const editable = can(PointsPerm.RULE_UPDATE);

  useEffect(() => {
    if (rules.data) setDraft(Object.fromEntries(rules.data.map((r) => [r.ruleKey, { points: r.points, enabled: r.enabled }])));
  }, [rules.data]);

  const save = async (r: Rule) => {
    const d = draft[r.ruleKey];
    if (!d || d.points === null) {
      message.warning(`积分必须是0-${POINTS_RULE_MAX}之间的整数！`);
      return;
    }
    setSaving(r.ruleKey);
    try {
      await call(pointsApi.ruleSave, { ruleKey: r.ruleKey, points: d.points, enabled: d.enabled === 1 ? 1 : 0 });
      message.success('操作成功！');
      void queryClient.invalidateQueries({ queryKey: ['points-rules'] });
    } catch {
      // shown by the request helper
    } finally {
      setSaving(null);
    }
  };

  const set = (key: string, patch: Partial<Draft[string]>) => setDraft((d) => ({ ...d, [key]: { ...(d[key] ?? { points: 0, enabled: 1 }), ...patch } }));
  const columns: TableColumnsType<Rule> = [
    { title: '规则', dataIndex: 'title', width: 180 },
    {
      title: '积分',
      key: 'points',
      width: 180,
      render: (_, r) => (
        <InputNumber
          min={0}
          max={POINTS_RULE_MAX}
          precision={0}
          disabled={!editable}
          value={draft[r.ruleKey]?.points ?? null}
          onChange={(v) => set(r.ruleKey, { points: typeof v === 'number' ? v : null })}
          data-testid={`points-rule-points-${r.ruleKey}`}
        />
      ),
    },
    {
      title: '启用',
      key: 'enabled',
      width: 100,
      render: (_, r) => (
        <Switch disabled={!editable} checked={draft[r.ruleKey]?.enabled === 1} onChange={(on) => set(r.ruleKey, { enabled: on ? 1 : 0 })} data-testid={`points-rule-enabled-${r.ruleKey}`} />
      ),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_, r) => (
        <RowAction code={PointsPerm.RULE_UPDATE} loading={saving === r.ruleKey} onClick={() => void save(r)} data-testid={`points-rule-save-${r.ruleKey}`}>
          保存
        </RowAction>
      ),
    },
  ];

  return (
    <Card className="page">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="积分按规则自动发放，每个事件只发放一次；关闭的规则或0积分不发放。修改只影响此后的发放。" />
      <Table<Rule> rowKey="ruleKey" size="middle" loading={rules.isFetching} dataSource={rules.data ?? []} columns={columns} pagination={false} scroll={{ x: 740 }} />
    </Card>
  );
}
