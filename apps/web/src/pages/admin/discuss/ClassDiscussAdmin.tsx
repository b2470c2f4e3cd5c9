/** The 讨论区 tab of the class management drawer (CLASS_ADMIN_SECTIONS 'discuss'): the class's DiscussBoard, where the admin moderates (pin, delete any). */
import type { ClassAdminSectionProps } from '../train-class/adminSections';
import { DiscussBoard } from '../../web/discuss/DiscussBoard';

export default function ClassDiscussAdmin({ cls }: ClassAdminSectionProps) {
  return <DiscussBoard classId={cls.id} />;
}
