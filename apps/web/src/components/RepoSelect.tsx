/**
 * Question-bank select (SPEC §9 select widgets: page 1, size 100) with server-side title search
 * (TitleSelect on /api/repo/repo/paging); the selected bank is asked for with `selectKeys`, so its
 * title shows even outside the first 100 banks or the current search (edit forms, filters).
 */
import { repoApi } from '@kaopei/contracts/repo';
import { call } from '../api/request';
import { TitleSelect, type TitleSelectProps } from './TitleSelect';

export function RepoSelect({ placeholder = '请选择题库', ...rest }: Omit<TitleSelectProps, 'queryKey' | 'fetch'>) {
  return (
    <TitleSelect
      {...rest}
      placeholder={placeholder}
      queryKey="repo-select"
      fetch={(keyword, selected) => call(repoApi.paging, { current: 1, size: 100, params: keyword ? { title: keyword } : {}, ...(selected ? { selectKeys: [selected] } : {}) })}
    />
  );
}
