/**
 * /web/uc, the learner's personal centre (SPEC §2 learner header 个人中心; §1 "The personal centre
 * covers messages, certificates, points, real-person verification and account binding"): the user
 * card and the tabs 个人资料 / 修改密码, then the tabs page folders declare (router/extensions.ts
 * `ucTabs`: 我的消息 `?to=msg`, 账号绑定, 我的证书, 我的积分 …), each a lazy chunk loaded when opened.
 * `?to=pass` opens the password tab: the guard sends a learner whose password was set by someone
 * else here (SPEC §2), and a learner without real-name verification too.
 */
import { Suspense } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { ucTabs } from '../../../router/extensions';
import ProfileTabs, { type ExtraTab } from '../../profile/ProfileTabs';

const EXTRA_TABS: ExtraTab[] = ucTabs.map(({ key, label, view: View }) => ({
  key,
  label,
  children: (
    <Suspense fallback={<PageLoading />}>
      <View />
    </Suspense>
  ),
}));

export default function UserCenter() {
  return (
    <div className="web-page" data-testid="uc-page">
      <div className="web-page-head">
        <h2>个人中心</h2>
      </div>
      <ProfileTabs side="learner" extraTabs={EXTRA_TABS} />
    </div>
  );
}
