/**
 * /m/mine — 我的 on the phone (issue 14; SPEC §2 mobile routes): the profile summary (session user),
 * my messages with the unread count (/api/sys/user/msg/count-unread; a page at a time with 加载更多, each → the
 * message's detail /m/info/xqInfo?type=msg, which marks it read), my certificates
 * (/api/cert/grant/my-paging, with the PDF download when there is one), my points (balance and the
 * ledger, a page at a time), and 退出登录, which asks '确定注销并退出系统吗？' (SPEC §5) in a dialog
 * before logging out (→ /login).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Button, Dialog, List, Tag } from 'antd-mobile';
import { certGrantApi } from '@kaopei/contracts/cert';
import { msgApi, ReadState } from '@kaopei/contracts/notify';
import { pointsApi } from '@kaopei/contracts/points';
import { call, download } from '../../api/request';
import { LOGOUT_CONFIRM, useAuth } from '../../store/auth';
import { detailPath } from './paths';
import { day, MoreButton, MSection, useMorePages } from './parts';

export default function MobileMine() {
  const navigate = useNavigate();
  const { user, logout } = useAuth();
  const [asking, setAsking] = useState(false);
  const unread = useQuery({ queryKey: ['m-mine-unread'], queryFn: () => call(msgApi.countUnread, {}) });
  const msgs = useMorePages(['m-mine-msgs'], (current, size) => call(msgApi.paging, { current, size, params: {} }));
  const balance = useQuery({ queryKey: ['m-mine-points'], queryFn: () => call(pointsApi.myBalance, {}) });
  const points = useMorePages(['m-mine-points-log'], (current, size) => call(pointsApi.myPaging, { current, size, params: {} }));
  const certs = useMorePages(['m-mine-certs'], (current, size) => call(certGrantApi.myPaging, { current, size, params: {} }));
  const count = unread.data?.count ?? 0;
  const msgRows = msgs.rows;
  const pointRows = points.rows;

  return (
    <div data-testid="m-mine">
      <div className="m-profile" data-testid="m-mine-profile">
        <Avatar src={user?.avatar ?? ''} style={{ '--size': '56px', '--border-radius': '50%' }} />
        <div style={{ minWidth: 0 }}>
          <div className="m-profile-name" data-testid="m-mine-name">
            {user?.realName || user?.userName}
          </div>
          <div style={{ color: '#888', fontSize: 13, overflowWrap: 'anywhere' }}>
            账号：{user?.userName}
            {user?.mobile ? ` · 手机：${user.mobile}` : ''}
          </div>
        </div>
      </div>

      <MSection
        title={
          <Badge content={count > 0 ? count : null} style={{ '--right': '-12px' }}>
            <span data-testid="m-mine-unread" data-count={count}>
              我的消息
            </span>
          </Badge>
        }
        extra={<span style={{ color: '#888', fontSize: 13 }}>{count > 0 ? `${count} 条未读` : '没有未读消息'}</span>}
        testId="m-mine-msgs"
        loading={msgs.loading}
        empty={!msgs.loading && msgRows.length === 0 && '暂无消息'}
      >
        {msgRows.map((m) => (
          <List.Item
            key={m.id}
            arrowIcon
            onClick={() => void navigate(detailPath('msg', m.id))}
            description={m.createTime}
            extra={m.readState === ReadState.UNREAD ? <Tag color="danger">未读</Tag> : null}
            data-testid={`m-msg-${m.id}`}
          >
            {m.title}
          </List.Item>
        ))}
      </MSection>
      <MoreButton show={msgs.hasMore} loading={msgs.fetchingMore} onClick={msgs.more} testId="m-mine-msgs-more" />

      <MSection title={`我的证书${certs.total ? `（${certs.total}）` : ''}`} testId="m-mine-certs" loading={certs.loading} empty={!certs.loading && certs.rows.length === 0 && '暂无证书'}>
        {certs.rows.map((c) => (
          <List.Item
            key={c.id}
            description={
              <>
                <div>证书编号：{c.certNo}</div>
                <div>
                  获得时间：{day(c.createTime)} · 有效期至：{c.expireTime ? day(c.expireTime) : '长期有效'}
                </div>
                {c.authority ? <div>发证机构：{c.authority}</div> : null}
              </>
            }
            extra={
              <Button size="small" color="primary" fill="outline" disabled={!c.certFilePdf} onClick={() => void download(certGrantApi.pdf, { id: c.id }, `${c.certNo}.pdf`)} data-testid={`m-cert-pdf-${c.id}`}>
                下载
              </Button>
            }
            data-testid={`m-cert-${c.id}`}
          >
            {c.title}
          </List.Item>
        ))}
      </MSection>
      <MoreButton show={certs.hasMore} loading={certs.fetchingMore} onClick={certs.more} testId="m-mine-certs-more" />

      <MSection
        title="我的积分"
        extra={
          <span style={{ fontSize: 18, fontWeight: 600, color: '#1677ff' }} data-testid="m-mine-balance">
            {balance.data?.balance ?? '-'}
          </span>
        }
        testId="m-mine-points"
        loading={points.loading}
        empty={!points.loading && pointRows.length === 0 && '暂无积分记录'}
      >
        {pointRows.map((p) => (
          <List.Item key={p.id} description={p.createTime} extra={<span style={{ color: p.points >= 0 ? '#389e0d' : '#cf1322' }}>{p.points > 0 ? `+${p.points}` : p.points}</span>}>
            {p.refRemark || p.refType_dictText}
          </List.Item>
        ))}
      </MSection>
      <MoreButton show={points.hasMore} loading={points.fetchingMore} onClick={points.more} testId="m-mine-points-more" />

      <Button block color="danger" fill="outline" size="large" onClick={() => setAsking(true)} data-testid="m-logout" style={{ marginTop: 8 }}>
        退出登录
      </Button>
      <Dialog
        visible={asking}
        title="提示"
        content={LOGOUT_CONFIRM}
        closeOnMaskClick
        onClose={() => setAsking(false)}
        actions={[
          [
            { key: 'cancel', text: <span data-testid="m-logout-cancel">取消</span> },
            { key: 'ok', text: <span data-testid="m-logout-ok">确定</span>, bold: true, danger: true },
          ],
        ]}
        onAction={(action) => {
          setAsking(false);
          if (action.key === 'ok') void logout();
        }}
      />
    </div>
  );
}
