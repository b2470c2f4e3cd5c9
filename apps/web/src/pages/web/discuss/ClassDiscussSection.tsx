/** The learner's 讨论区 tab of the class page (CLASS_SECTIONS 'discuss'): the class's DiscussBoard. */
import type { ClassSectionProps } from '../train-class/sections';
import { DiscussBoard } from './DiscussBoard';

export default function ClassDiscussSection({ detail }: ClassSectionProps) {
  return <DiscussBoard classId={detail.id} />;
}
