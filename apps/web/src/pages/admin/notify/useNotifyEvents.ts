/**
 * The message events the modules registered, with their variables and preview samples
 * (/api/notify/tmpl/events): the template pages' event options, variable hints and preview values.
 * The list comes from the server, so a module that adds an event edits nothing here.
 */
import { useQuery } from '@tanstack/react-query';
import { tmplApi } from '@kaopei/contracts/notify';
import type { NotifyEventInfo } from '@kaopei/contracts/notify-event';
import { call } from '../../../api/request';

const NONE: NotifyEventInfo[] = [];

/** `events` (in the server's order), `options` for a Select, `varsOf(key)` (every variable when no event), `samplesOf(key)`. */
export function useNotifyEvents() {
  const q = useQuery({ queryKey: ['notify-tmpl-events'], queryFn: () => call(tmplApi.events, {}), staleTime: 5 * 60_000 });
  const events = q.data ?? NONE;
  const allVars = new Map(events.flatMap((e) => e.vars.map((v) => [v.name, v] as const)));
  const varsOf = (key: string | undefined) => events.find((e) => e.key === key)?.vars ?? [...allVars.values()];
  const samplesOf = (key: string | undefined): Record<string, string> => Object.fromEntries(varsOf(key).map((v) => [v.name, v.sample]));
  return { events, loading: q.isLoading, options: events.map((e) => ({ value: e.key, label: e.label })), varsOf, samplesOf };
}
