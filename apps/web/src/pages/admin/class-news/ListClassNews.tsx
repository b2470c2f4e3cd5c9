/** /admin/trainClass/news — 培训管理 → 培训资讯: every article (site-wide and per class), NewsList. */
import { Card } from 'antd';
import { NewsList } from './NewsList';

export default function ListClassNews() {
  return (
    <Card className="page">
      <NewsList />
    </Card>
  );
}
