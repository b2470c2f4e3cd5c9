/**
 * /web/state — 工作动态 / 培训动态 (SPEC §2, a page reachable without login, in the learner layout):
 * the site-wide published training news, top first, newest first; search and paging.
 */
import { Card } from 'antd';
import { PublicNewsList } from './NewsList';

export default function WebState() {
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>工作动态</h2>
      </div>
      <Card>
        <PublicNewsList />
      </Card>
    </div>
  );
}
