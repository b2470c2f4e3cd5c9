/**
 * /profile/index (SPEC §2 "Other shared routes": personal profile; the admin navbar's 个人中心):
 * the user card and the tabs 个人资料 / 修改密码. An administrator sees it inside the admin layout,
 * a learner inside the learner layout (router/index.tsx); the avatar's compress limit follows the
 * side (SPEC §5: admin 3000 KB, learner 5000 KB).
 */
import { RoleType } from '@kaopei/contracts';
import { useAuth } from '../../store/auth';
import ProfileTabs from './ProfileTabs';

export default function ProfileIndex() {
  const { user } = useAuth();
  const side = user?.roleType === RoleType.LEARNER ? 'learner' : 'admin';
  return (
    <div className={side === 'learner' ? 'web-page' : undefined} data-testid="profile-page">
      <ProfileTabs side={side} />
    </div>
  );
}
