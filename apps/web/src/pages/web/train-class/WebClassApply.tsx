/**
 * /web/webclassapply — training classes (SPEC §2 "network class sign-up"): my classes (those I
 * signed up for or was assigned to: /api/trainClass/my-paging) and the classes open to me
 * (/api/trainClass/open-paging), as cards; a card opens the class page. A link to the public list.
 */
import { Link } from 'react-router';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { ClassGrid } from './ClassGrid';

export default function WebClassApply() {
  return (
    <div className="web-page">
      <ClassGrid
        heading="我的培训班"
        queryKey="class-my-paging"
        load={(current, size, title) => call(trainClassApi.myPaging, { current, size, params: title ? { title } : {} })}
        emptyText="暂未报名培训班"
        searchTestId="class-my-search"
      />
      <ClassGrid
        heading="可报名的培训班"
        queryKey="class-open-paging"
        load={(current, size, title) => call(trainClassApi.openPaging, { current, size, params: title ? { title } : {} })}
        emptyText="暂无可报名的培训班"
        searchTestId="class-open-search"
      />
      <Link to="/web/webclassapply/public" data-testid="class-public-link">
        查看全部公开培训班
      </Link>
    </div>
  );
}
