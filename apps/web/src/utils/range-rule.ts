/** antd Form rule of a required RangePicker (start and end time): the messages of the form's contracts. */
import type { Dayjs } from 'dayjs';

/** Start missing → `msg.startTime`; end missing → `msg.endTime`; end not after start → `msg.timeOrder`. */
export function timeRangeRule(msg: { startTime: string; endTime: string; timeOrder: string }) {
  return {
    validator: async (_: unknown, v: [Dayjs | null, Dayjs | null] | null) => {
      if (!v?.[0]) throw new Error(msg.startTime);
      if (!v[1]) throw new Error(msg.endTime);
      if (!v[1].isAfter(v[0])) throw new Error(msg.timeOrder);
    },
  };
}
