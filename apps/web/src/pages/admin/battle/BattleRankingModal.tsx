/**
 * The ranking of one battle (issue 10: results kept per battle): points desc, then the total answer
 * time asc (/api/battle/ranking, 10 per page), and the xlsx export (/api/battle/ranking/export).
 */
import { Button, Modal, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BattlePerm, battleApi, type BattleRankRow, type BattleRecord } from '@kaopei/contracts/battle';
import { call, download } from '../../../api/request';
import { useAuth } from '../../../store/auth';

const columns: TableColumnsType<BattleRankRow> = [
  { title: '名次', dataIndex: 'rank', width: 70, align: 'center' },
  { title: '姓名', dataIndex: 'realName' },
  { title: '积分', dataIndex: 'points', width: 90, align: 'center' },
  { title: '答对', dataIndex: 'rightCount', width: 80, align: 'center' },
  { title: '作答', dataIndex: 'answerCount', width: 80, align: 'center' },
  { title: '总用时(秒)', dataIndex: 'totalMs', width: 110, align: 'center', render: (ms: number) => (ms / 1000).toFixed(1) },
];

export function BattleRankingModal({ battle, onClose }: { battle: BattleRecord | null; onClose: () => void }) {
  const { hasPerm } = useAuth();
  const [current, setCurrent] = useState(1);
  const [exporting, setExporting] = useState(false);
  const page = useQuery({
    queryKey: ['battle-ranking', battle?.id, current],
    queryFn: () => call(battleApi.ranking, { current, size: 10, params: { battleId: battle?.id ?? '' } }),
    enabled: Boolean(battle),
  });
  const exportXlsx = async () => {
    if (!battle) return;
    setExporting(true);
    try {
      await download(battleApi.export, { battleId: battle.id }, `${battle.title}-竞赛排名.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Modal open={Boolean(battle)} title={`竞赛排名：${battle?.title ?? ''}`} width={760} footer={null} onCancel={() => { setCurrent(1); onClose(); }} destroyOnHidden>
      {hasPerm(BattlePerm.LIST) ? (
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()} style={{ marginBottom: 12 }} data-testid="battle-ranking-export">
          导出
        </Button>
      ) : null}
      <Table<BattleRankRow>
        rowKey="userId"
        size="small"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        pagination={{ current, pageSize: 10, total: page.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        locale={{ emptyText: '暂无相关数据！' }}
      />
    </Modal>
  );
}
