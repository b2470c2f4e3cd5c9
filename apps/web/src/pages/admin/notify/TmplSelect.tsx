/**
 * Message-template select (SPEC §2 remote select: page 1, size 100, title filter; §7
 * /api/notify/tmpl/paging), limited to the templates of one `event` when given. Clearable: no
 * choice means the event's own template.
 */
import { tmplApi } from '@kaopei/contracts/notify';
import { call } from '../../../api/request';
import { TitleSelect, type TitleSelectProps } from '../../../components/TitleSelect';

interface Props extends Omit<TitleSelectProps, 'queryKey' | 'fetch'> {
  /** An event key ('exam.publish' …). */
  event?: string;
}

export function TmplSelect({ event, placeholder = '默认模板', ...rest }: Props) {
  return (
    <TitleSelect
      allowClear
      {...rest}
      placeholder={placeholder}
      queryKey={`tmpl-select-${event ?? ''}`}
      fetch={(keyword) => call(tmplApi.paging, { current: 1, size: 100, params: { ...(keyword ? { title: keyword } : {}), ...(event ? { event } : {}) } })}
    />
  );
}
