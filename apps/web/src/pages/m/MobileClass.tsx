/**
 * /m/class — my classes on the phone (issue 14; SPEC §2 mobile routes): the classes I signed up for
 * (/api/trainClass/my-paging, 20 a page, 加载更多), each with its dates and my standing, opening
 * /m/info/bjInfo?classId= (the class page of pages/web/class-session).
 */
import { useNavigate } from 'react-router';
import { List } from 'antd-mobile';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { call } from '../../api/request';
import { classPath } from './paths';
import { day, MoreButton, MSection, useMorePages } from './parts';

export default function MobileClass() {
  const navigate = useNavigate();
  const list = useMorePages(['m-class-paging'], (current, size) => call(trainClassApi.myPaging, { current, size, params: {} }));
  return (
    <div data-testid="m-class">
      <MSection title={`我的班级${list.total ? `（${list.total}）` : ''}`} testId="m-class-list" loading={list.loading} empty={!list.loading && list.rows.length === 0 && '暂无报名的培训班'}>
        {list.rows.map((c) => (
          <List.Item
            key={c.id}
            arrowIcon
            onClick={() => void navigate(classPath(c.id))}
            description={
              <>
                <div>
                  培训时间：{day(c.startTime)} 至 {day(c.endTime)}
                </div>
                {c.organiser ? <div>主办单位：{c.organiser}</div> : null}
              </>
            }
            extra={c.finished ? '已结业' : c.myState_dictText}
            data-testid={`m-class-${c.id}`}
          >
            {c.title}
          </List.Item>
        ))}
      </MSection>
      <MoreButton show={list.hasMore} loading={list.fetchingMore} onClick={list.more} testId="m-class-more" />
    </div>
  );
}
