/** The class drawer's tab 培训资讯 (CLASS_ADMIN_SECTIONS): this class's articles, NewsList. */
import type { ClassAdminSectionProps } from '../train-class/adminSections';
import { NewsList } from './NewsList';

export default function ClassNewsAdmin({ cls }: ClassAdminSectionProps) {
  return <NewsList classId={cls.id} />;
}
