/**
 * /admin/exam/battle — 答题竞赛 (SPEC §2 AdminBattleList; issue 10 "Answer battles"): title and
 * state filters (state from the clock: 未开始, 报名中, 进行中, 已结束), paged table (名称, 开始时间,
 * 报名开始, 题数 × 每题秒数, 参赛人数, 状态), add / edit (before the start only) in a dialog, the
 * ranking of a battle in a dialog with its xlsx export, delete and batch delete. Buttons per
 * permission (battle:list/add/update/delete).
 */
import { useState } from 'react';
import { Card, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BATTLE_STATE_LABEL, BattlePerm, BattleState, battleApi, type BattleRecord } from '@kaopei/contracts/battle';
import { call } from '../../../api/request';
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { SearchBar } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { BattleFormModal } from './BattleFormModal';
import { BattleRankingModal } from './BattleRankingModal';

interface Filters {
  title?: string;
  state?: number;
}

const STATE_OPTIONS = Object.entries(BATTLE_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const STATE_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'green', 3: 'default' };

export default function AdminBattleList() {
  const { hasPerm } = useAuth();
  const list = usePagedList<Filters, BattleRecord>('battle-paging', (current, size, params) => call(battleApi.paging, { current, size, params }), {});
  const [editing, setEditing] = useState<BattleRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [ranking, setRanking] = useState<BattleRecord | null>(null);
  const remove = useDeleteAction((ids) => call(battleApi.delete, { ids }), list.refresh);

  const openForm = (record: BattleRecord | null) => {
    setEditing(record);
    setFormOpen(true);
  };

  const columns: TableColumnsType<BattleRecord> = [
    { title: '竞赛名称', dataIndex: 'title', ellipsis: true },
    { title: '开始时间', dataIndex: 'startTime', width: 180 },
    { title: '报名开始', dataIndex: 'joinTime', width: 180 },
    { title: '题目', key: 'qu', width: 130, render: (_, r) => `${r.questionCount}题 × ${r.secondsPerQuestion}秒` },
    { title: '参赛范围', dataIndex: 'openType_dictText', width: 100 },
    { title: '参赛人数', dataIndex: 'playerCount', width: 90, align: 'center' },
    { title: '状态', dataIndex: 'state', width: 90, align: 'center', render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{r.state_dictText}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space size={0} wrap>
          {r.state < BattleState.RUNNING ? (
            <RowAction code={BattlePerm.UPDATE} onClick={() => openForm(r)} data-testid={`battle-edit-${r.id}`}>
              编辑
            </RowAction>
          ) : null}
          <RowAction code={BattlePerm.LIST} onClick={() => setRanking(r)} data-testid={`battle-ranking-${r.id}`}>
            排名
          </RowAction>
          <RowAction code={BattlePerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <Card className="page">
      <SearchBar<Filters> onSearch={(v) => list.paging.search({ ...(v.title?.trim() ? { title: v.title.trim() } : {}), ...(v.state !== undefined ? { state: v.state } : {}) })}>
        <Form.Item name="title">
          <Input placeholder="搜索竞赛名称" allowClear />
        </Form.Item>
        <Form.Item name="state">
          <Select placeholder="全部状态" allowClear options={STATE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={BattlePerm.ADD} type="primary" icon={<PlusOutlined />} data-testid="battle-add" onClick={() => openForm(null)}>
          添加
        </PermButton>
        <BatchDeleteButton code={BattlePerm.DELETE} onClick={() => remove(list.selected)} />
      </ListToolbar>
      <PagedTable<BattleRecord> list={list} columns={columns} selectable={hasPerm(BattlePerm.DELETE)} scroll={{ x: 1100 }} />
      <BattleFormModal open={formOpen} record={editing} onClose={() => setFormOpen(false)} onSaved={list.refresh} />
      <BattleRankingModal battle={ranking} onClose={() => setRanking(null)} />
    </Card>
  );
}
