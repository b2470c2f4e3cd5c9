/**
 * /web/repo — my question banks (SPEC §2): the banks open for training (/api/repo/paging, isTrain 1;
 * a learner gets only those anyway) as cards with their question counts per type; a card opens the
 * bank page /web/repo/view/{repoId}. Title search; 30 per page (grid, SPEC §9).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Input, Pagination, Row, Spin, Tag } from 'antd';
import { QU_TYPE_LABEL } from '@kaopei/contracts';
import { repoApi } from '@kaopei/contracts/repo';
import { call } from '../../../api/request';
import { repoViewPath } from './train-paths';

const GRID_SIZE = 30;

export default function MyRepo() {
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [current, setCurrent] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['my-repo', title, current],
    queryFn: () => call(repoApi.paging, { current, size: GRID_SIZE, params: { isTrain: 1, ...(title ? { title } : {}) } }),
  });

  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>题库训练</h2>
        <Input.Search
          allowClear
          placeholder="搜索题库名称"
          style={{ maxWidth: 260 }}
          onSearch={(v) => {
            setTitle(v.trim());
            setCurrent(1);
          }}
          data-testid="repo-search"
        />
      </div>
      <Spin spinning={isLoading}>
        {data && data.records.length === 0 ? <Empty description="暂无开放训练的题库" /> : null}
        <Row gutter={[16, 16]}>
          {(data?.records ?? []).map((r) => (
            <Col key={r.id} xs={24} sm={12} lg={8}>
              <Card hoverable title={r.title} onClick={() => navigate(repoViewPath(false, r.id))} data-testid={`repo-card-${r.id}`}>
                <p className="muted">{r.remark || '暂无描述'}</p>
                <div>
                  <Tag color="blue">共 {r.quCount} 题</Tag>
                  {r.typeCountList.map((c) => (
                    <Tag key={c.quType}>
                      {QU_TYPE_LABEL[c.quType] ?? c.quType} {c.count}
                    </Tag>
                  ))}
                </div>
              </Card>
            </Col>
          ))}
        </Row>
        {data && data.total > GRID_SIZE ? (
          <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={current} pageSize={GRID_SIZE} total={data.total} onChange={setCurrent} showSizeChanger={false} />
        ) : null}
      </Spin>
    </div>
  );
}
