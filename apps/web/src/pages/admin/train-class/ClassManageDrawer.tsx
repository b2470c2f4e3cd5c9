/**
 * The class management drawer (ListTrainClass → 管理): one tab per entry of CLASS_ADMIN_SECTIONS
 * that the admin may see (face-to-face sessions, evaluations, discussions …), each loaded lazily
 * when its tab opens. Tabs are `class-admin-tab-{key}`.
 */
import { Suspense, useState } from 'react';
import { Drawer, Empty, Spin, Tabs } from 'antd';
import type { ClassRecord } from '@kaopei/contracts/train-class';
import { useAuth } from '../../../store/auth';
import { CLASS_ADMIN_SECTIONS } from './adminSections';

interface Props {
  cls: ClassRecord | null;
  onClose: () => void;
  onChanged: () => void;
}

export function ClassManageDrawer({ cls, onClose, onChanged }: Props) {
  const { hasPerm } = useAuth();
  const sections = CLASS_ADMIN_SECTIONS.filter((s) => !s.perms || hasPerm(s.perms));
  const [active, setActive] = useState<string | undefined>(undefined);
  return (
    <Drawer open={cls !== null} title={cls ? `培训班管理：${cls.title}` : ''} size="large" width={960} onClose={onClose} destroyOnHidden data-testid="class-manage">
      {cls && sections.length ? (
        <Tabs
          activeKey={active ?? sections[0].key}
          onChange={setActive}
          items={sections.map((s) => ({
            key: s.key,
            label: <span data-testid={`class-admin-tab-${s.key}`}>{s.title}</span>,
            children: (
              <Suspense fallback={<Spin />}>
                <s.Component cls={cls} onChanged={onChanged} />
              </Suspense>
            ),
          }))}
        />
      ) : (
        <Empty description="暂无可管理的内容" />
      )}
    </Drawer>
  );
}
