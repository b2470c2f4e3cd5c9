/**
 * /web/uc, the learner's personal centre (SPEC §2 learner header 个人中心; §1 "The personal centre
 * covers messages, certificates, points, real-person verification and account binding"): the user
 * card and the tabs 个人资料 / 修改密码 / 我的消息 (`?to=msg`) / 账号绑定 / 我的证书 / 我的积分 (lazy chunks). `?to=pass` opens the password tab: the guard sends a
 * learner whose password was set by someone else here (SPEC §2), and a learner without real-name
 * verification too.
 */
import { lazy, Suspense } from 'react';
import BindList from '../../../components/bind/BindList';
import { PageLoading } from '../../../components/PageLoading';
import ProfileTabs, { type ExtraTab } from '../../profile/ProfileTabs';

/** 我的证书 (`?to=cert`), a lazy chunk (issue 7). */
const MyCerts = lazy(() => import('../cert/MyCerts'));
const CERT_TAB: ExtraTab = { key: 'cert', label: '我的证书', children: <Suspense fallback={<PageLoading />}><MyCerts /></Suspense> };

/** The 账号绑定 tab (SPEC §2 "Login-binding list", §4 "SMS and binding"). */
const BIND_TAB: ExtraTab = { key: 'bind', label: '账号绑定', children: <BindList /> };
const MyPoints = lazy(() => import('./MyPoints'));
/** The 我的积分 tab (module points; `?to=points`). */
const POINTS_TAB: ExtraTab = { key: 'points', label: '我的积分', children: <Suspense fallback={<PageLoading />}><MyPoints /></Suspense> };
/** The 我的消息 tab (SPEC §2 "Message centre"), loaded when opened. */
const MsgCenter = lazy(() => import('../msg/MsgCenter'));
const MSG_TAB: ExtraTab = {
  key: 'msg',
  label: '我的消息',
  children: (
    <Suspense fallback={<PageLoading />}>
      <MsgCenter />
    </Suspense>
  ),
};

export default function UserCenter() {
  return (
    <div className="web-page" data-testid="uc-page">
      <div className="web-page-head">
        <h2>个人中心</h2>
      </div>
      <ProfileTabs side="learner" extraTabs={[MSG_TAB, BIND_TAB, CERT_TAB, POINTS_TAB]} />
    </div>
  );
}
