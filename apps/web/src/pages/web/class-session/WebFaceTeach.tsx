/**
 * /web/faceTeach — 集中培训 (SPEC §2 face-to-face training; issue 13): the lessons of every class the
 * learner is enrolled in (/api/trainClass/lesson/my-paging), the latest first, with 签到状态;
 * filtered by title and by state.
 */
import { Card, Input, Select, Space } from 'antd';
import { lessonApi, type MyLessonRecord } from '@kaopei/contracts/class-session';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { usePagedList } from '../../../components/paging';
import { lessonColumns } from './lessonColumns';

interface Filters {
  title: string;
  signed?: boolean;
}

const NO_FILTER: Filters = { title: '' };
const COLUMNS = lessonColumns(true);

export default function WebFaceTeach() {
  const list = usePagedList<Filters, MyLessonRecord>(
    'web-face-teach',
    (current, size, { title, signed }) => call(lessonApi.myPaging, { current, size, params: { ...(title ? { title } : {}), ...(signed !== undefined ? { signed } : {}) } }),
    NO_FILTER,
  );
  return (
    <div className="web-page">
      <div className="web-page-head">
        <h2>集中培训</h2>
        <Space wrap>
          <Select
            allowClear
            placeholder="签到状态"
            style={{ width: 120 }}
            options={[{ value: 1, label: '已签到' }, { value: 0, label: '未签到' }]}
            onChange={(v?: number) => list.paging.search({ title: list.paging.params.title, signed: v === undefined ? undefined : v === 1 })}
            data-testid="face-teach-state"
          />
          <Input.Search placeholder="搜索课次" allowClear onSearch={(v) => list.paging.search({ title: v.trim(), signed: list.paging.params.signed })} style={{ maxWidth: 240 }} data-testid="face-teach-search" />
        </Space>
      </div>
      <Card>
        <PagedTable<MyLessonRecord> list={list} columns={COLUMNS} scroll={{ x: 1000 }} />
      </Card>
    </div>
  );
}
