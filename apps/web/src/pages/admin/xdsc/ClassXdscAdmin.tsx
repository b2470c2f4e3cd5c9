/** 信息采集 tab of the class management drawer (issue 13): the class's forms (XdscList with its classId). */
import type { ClassAdminSectionProps } from '../train-class/adminSections';
import { XdscList } from './ListXdsc';

export default function ClassXdscAdmin({ cls }: ClassAdminSectionProps) {
  return <XdscList classId={cls.id} />;
}
