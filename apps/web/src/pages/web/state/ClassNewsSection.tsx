/** The learner class page's tab 培训资讯 (CLASS_SECTIONS, public): this class's published articles. */
import type { ClassSectionProps } from '../train-class/sections';
import { PublicNewsList } from './NewsList';

export default function ClassNewsSection({ detail }: ClassSectionProps) {
  return <PublicNewsList classId={detail.id} />;
}
