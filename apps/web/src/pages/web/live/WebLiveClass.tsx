/**
 * /web/liveClass — 直播课堂 (SPEC §2 learner routes; issue 13): the live sessions the learner may
 * watch (those of no class and those of the classes he is enrolled in) in LiveSessionTable, with a
 * title search.
 */
import { Card, Input } from 'antd';
import { LiveSessionTable, useLiveSessions } from './LiveSessionTable';

export default function WebLiveClass() {
  const list = useLiveSessions();
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>直播课堂</h2>
        <Input.Search placeholder="搜索直播" allowClear onSearch={(v) => list.paging.search({ title: v.trim() })} style={{ maxWidth: 280 }} data-testid="web-live-search" />
      </div>
      <Card>
        <LiveSessionTable list={list} />
      </Card>
    </div>
  );
}
