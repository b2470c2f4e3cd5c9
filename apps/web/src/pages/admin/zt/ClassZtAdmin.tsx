/** The class drawer's tab 专题 (CLASS_ADMIN_SECTIONS): this class's topics, ZtList. */
import type { ClassAdminSectionProps } from '../train-class/adminSections';
import { ZtList } from './ZtList';

export default function ClassZtAdmin({ cls }: ClassAdminSectionProps) {
  return <ZtList classId={cls.id} />;
}
