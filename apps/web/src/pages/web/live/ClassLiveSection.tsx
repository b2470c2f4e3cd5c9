/**
 * 直播课堂 tab of the learner's class page (/web/webclassapply/info; issue 13 "Live classroom"): the
 * class's live sessions (only its enrolled learners see them) with 进入直播 / 观看回放, the table of
 * /web/liveClass.
 */
import type { ClassSectionProps } from '../train-class/sections';
import { LiveSessionTable, useLiveSessions } from './LiveSessionTable';

export default function ClassLiveSection({ detail }: ClassSectionProps) {
  const list = useLiveSessions(detail.id);
  return <LiveSessionTable list={list} />;
}
