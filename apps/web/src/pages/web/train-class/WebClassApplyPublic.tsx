/**
 * /web/webclassapply/public — the public training classes (open type 1; /api/trainClass/public-paging)
 * to browse without signing up; a card opens the class page, where the learner may sign up.
 */
import { trainClassApi } from '@kaopei/contracts/train-class';
import { call } from '../../../api/request';
import { ClassGrid } from './ClassGrid';

export default function WebClassApplyPublic() {
  return (
    <div className="web-page">
      <ClassGrid
        heading="公开培训班"
        queryKey="class-public-paging"
        load={(current, size, title) => call(trainClassApi.publicPaging, { current, size, params: title ? { title } : {} })}
        emptyText="暂无公开培训班"
        searchTestId="class-public-search"
      />
    </div>
  );
}
