/**
 * The learner header's message entry (SPEC §2 "a message entry with an unread badge (maximum 99)",
 * §4 "Messages", §9 unread poll 20 s): a bell with the unread count (antd Badge, overflowCount 99)
 * polled every 20 s (TanStack Query's refetchInterval, which pauses while the tab is hidden), and the
 * unread-messages dialog shown when the count is non-zero: 稍后查看 closes it and it is not shown again
 * in this browser session; 去查看 opens the message centre (/web/uc?to=msg). The dialog is not shown
 * on the message centre itself; WebLayout leaves the bell out during an exam.
 *
 * Loaded lazily by WebLayout after the header renders (it is not on any page's first paint).
 * Query key `['msg-unread']`: pages that read or delete messages invalidate it.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Modal } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { BADGE_MAX, msgApi, UNREAD_POLL_MS } from '@kaopei/contracts/notify';
import { call } from '../../api/request';
import { MSG_CENTRE, UNREAD_KEY } from './keys';

/** sessionStorage flag: the learner chose 稍后查看 in this session. */
const LATER_KEY = 'kaopei.msg.later';

function laterChosen(): boolean {
  try {
    return sessionStorage.getItem(LATER_KEY) === '1';
  } catch {
    return false;
  }
}

export default function MsgBell() {
  const navigate = useNavigate();
  const location = useLocation();
  const [later, setLater] = useState(laterChosen);
  const unread = useQuery({
    queryKey: [UNREAD_KEY],
    queryFn: () => call(msgApi.countUnread, {}),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const count = unread.data?.count ?? 0;
  const onCentre = location.pathname === '/web/uc' && new URLSearchParams(location.search).get('to') === 'msg';
  const dialogOpen = count > 0 && !later && !onCentre;

  const viewLater = () => {
    try {
      sessionStorage.setItem(LATER_KEY, '1');
    } catch {
      // private mode: remembered for this page only
    }
    setLater(true);
  };
  const goView = () => {
    viewLater();
    navigate(MSG_CENTRE);
  };

  return (
    <>
      <Badge count={count} overflowCount={BADGE_MAX} size="small" offset={[-4, 4]} data-testid="msg-badge">
        <Button type="text" icon={<BellOutlined />} aria-label="我的消息" title="我的消息" onClick={() => navigate(MSG_CENTRE)} data-testid="msg-bell" />
      </Badge>
      <Modal
        open={dialogOpen}
        title="未读消息"
        width={400}
        closable={false}
        maskClosable={false}
        onCancel={viewLater}
        footer={[
          <Button key="later" onClick={viewLater} data-testid="msg-dialog-later">
            稍后查看
          </Button>,
          <Button key="go" type="primary" onClick={goView} data-testid="msg-dialog-go">
            去查看
          </Button>,
        ]}
      >
        <p data-testid="msg-dialog">您有 {count > BADGE_MAX ? `${BADGE_MAX}+` : count} 条未读消息，是否现在查看？</p>
      </Modal>
    </>
  );
}
