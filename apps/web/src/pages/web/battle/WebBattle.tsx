/**
 * /web/battle — 答题竞赛 (issue 10 "Answer battles"): the battles not over yet that the learner may
 * join (/api/battle/web-paging), soonest first: name, start, join window, questions, players, state;
 * 进入房间 opens /web/battle/room/:id (joining happens there, within the join window).
 */
import { Link } from 'react-router';
import { Card, Tag, type TableColumnsType } from 'antd';
import { battleApi, type BattleWebRecord } from '@kaopei/contracts/battle';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';

const NO_FILTER = {};
const STATE_COLOR: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'green', 3: 'default' };

export default function WebBattle() {
  const list = usePagedList<object, BattleWebRecord>('web-battle', (current, size) => call(battleApi.webPaging, { current, size }), NO_FILTER);
  const columns: TableColumnsType<BattleWebRecord> = [
    { title: '竞赛名称', dataIndex: 'title', ellipsis: true },
    { title: '开始时间', dataIndex: 'startTime', width: 180 },
    { title: '报名开始', dataIndex: 'joinTime', width: 180, responsive: ['md'] },
    { title: '题目', key: 'qu', width: 120, responsive: ['md'], render: (_, r) => `${r.questionCount}题 × ${r.secondsPerQuestion}秒` },
    { title: '参赛人数', dataIndex: 'playerCount', width: 90, align: 'center', responsive: ['md'] },
    { title: '状态', dataIndex: 'state', width: 90, align: 'center', render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{r.joined ? '已报名' : r.state_dictText}</Tag> },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_, r) => (
        <Link to={`/web/battle/room/${r.id}`} data-testid={`battle-enter-${r.id}`}>
          进入房间
        </Link>
      ),
    },
  ];
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>答题竞赛</h2>
      </div>
      <Card>
        <PagedTable<BattleWebRecord> list={list} columns={columns} scroll={{ x: 600 }} />
      </Card>
    </div>
  );
}
