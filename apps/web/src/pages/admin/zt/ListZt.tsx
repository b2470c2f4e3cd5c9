/** /admin/trainClass/zt — 培训管理 → 专题: every topic (site-wide and per class), ZtList. */
import { Card } from 'antd';
import { ZtList } from './ZtList';

export default function ListZt() {
  return (
    <Card className="page">
      <ZtList />
    </Card>
  );
}
