/**
 * Chapter select of one bank (SPEC §3 select items: id, title; /api/repo/chapter/list {repoId}):
 * empty and disabled until a bank is chosen; lists the bank's chapters in their order. Props:
 * `repoId`, `testId` (on the wrapper; options get `<testId>-option-<id>`), `none` (an extra first
 * option, e.g. 未分章节 for a filter), and antd Select props.
 */
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { repoApi } from '@kaopei/contracts/repo';
import { call } from '../api/request';

export interface ChapterSelectProps extends Omit<SelectProps<string>, 'options'> {
  repoId?: string;
  testId?: string;
  none?: { value: string; label: string };
}

export function ChapterSelect({ repoId, testId, none, placeholder = '请选择章节', ...rest }: ChapterSelectProps) {
  const query = useQuery({ queryKey: ['chapter-list', repoId ?? ''], queryFn: () => call(repoApi.chapterList, { repoId: repoId ?? '' }), enabled: Boolean(repoId), staleTime: 10_000 });
  const chapters = (repoId ? (query.data ?? []) : []).map((c) => ({ value: c.id, label: c.title, ...(testId ? { 'data-testid': `${testId}-option-${c.id}` } : {}) }));
  const options = none && repoId ? [{ ...none, ...(testId ? { 'data-testid': `${testId}-option-none` } : {}) }, ...chapters] : chapters;
  return (
    <div data-testid={testId} style={{ display: 'inline-block', width: rest.style?.width ?? '100%' }}>
      <Select<string> {...rest} placeholder={placeholder} disabled={!repoId || rest.disabled} loading={query.isFetching} options={options} showSearch={{ optionFilterProp: 'label' }} style={{ width: '100%' }} />
    </div>
  );
}
