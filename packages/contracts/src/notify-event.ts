/**
 * The machinery of message events (SPEC §3 "Messages and notices", "Notify template"; issue 7).
 *
 * An event is something a module tells a user about through a message template ('exam.publish',
 * 'class.notice' …). The module that sends it declares it in ITS contracts file with
 * `defineNotifyEvent({...})` and lists it in `defineModule({ notifyEvents: [...] })`; the server
 * assembles the registered events at start (platform/catalog.ts: a key declared twice stops the
 * start), module notify seeds each one's built-in template and accepts templates only for registered
 * events, and the template pages read the list from /api/notify/tmpl/events. No shared list is edited.
 */
import { z } from 'zod';

/** A variable a template may use: its meaning and the sample value of the preview. */
export interface TemplateVar {
  label: string;
  sample: string;
}

/** {realName}: every event has it (filled from the recipient). */
export const REAL_NAME_VAR: Readonly<Record<'realName', TemplateVar>> = { realName: { label: '姓名', sample: '张三' } };

/** A message event: key, label, the variables its senders fill in and its built-in template. */
export interface NotifyEventDef {
  /** 'domain.what' (≤ 40 characters), unique across modules. */
  key: string;
  /** Label in the template pages ('考试发布'). */
  label: string;
  /** The variables the senders fill in besides {realName} (name → label and sample). */
  vars: Readonly<Record<string, TemplateVar>>;
  /** The built-in template seeded at start when missing; it may use {realName} and `vars`. */
  template: { title: string; content: string };
}

/**
 * Declares a message event (typing helper; checks the key's form and that the built-in template
 * uses only declared variables, so a wrong declaration fails when its contracts file loads).
 */
export function defineNotifyEvent<const T extends NotifyEventDef>(def: T): T {
  if (!/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/.test(def.key) || def.key.length > 40) throw new Error(`notify event ${def.key}: the key must look like 'domain.what' (≤ 40 characters)`);
  const known = new Set(['realName', ...Object.keys(def.vars)]);
  for (const [, name] of `${def.template.title} ${def.template.content}`.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    if (!known.has(name as string)) throw new Error(`notify event ${def.key}: its template uses {${name}}, which it does not declare`);
  }
  return def;
}

/** An event's variables in order: {realName} first, then its own. */
export function eventVars(def: Pick<NotifyEventDef, 'vars'>): Record<string, TemplateVar> {
  return { ...REAL_NAME_VAR, ...def.vars };
}

/** An event as the template pages see it (/api/notify/tmpl/events). */
export const notifyEventInfo = z.object({
  key: z.string(),
  label: z.string(),
  vars: z.array(z.object({ name: z.string(), label: z.string(), sample: z.string() })),
});
export type NotifyEventInfo = z.infer<typeof notifyEventInfo>;

/** The page's view of `def`. */
export function notifyEventInfoOf(def: NotifyEventDef): NotifyEventInfo {
  return { key: def.key, label: def.label, vars: Object.entries(eventVars(def)).map(([name, v]) => ({ name, label: v.label, sample: v.sample })) };
}
