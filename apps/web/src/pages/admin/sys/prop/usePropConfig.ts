/**
 * The state and calls of a provider configuration page (SPEC §7 /api/sys/config/prop/detail|save|
 * change; §5 '服务商必须选择！'; §8 the type's saved message, '服务商切换成功！'), shared by 存储配置
 * (type upload), 人脸配置 (face) and 直播配置 (live). The page passes its module's type object
 * (`uploadPropType`, `facePropType`, `livePropType` from that module's contracts): no shared list.
 *
 *
 * - `load(p?)` reads the saved configuration of provider `p` (default: the current one) into `form`
 *   ({provider, remark, data}; `toForm` turns the stored data into field values: strings by default);
 * - `onProvider(p)` clears the fields and loads `p` (SPEC §4: selecting a provider reloads its config);
 * - `save(values)` validates nothing itself (the form's zod rules did), saves, shows the saved message
 *   (the type's `savedMsg`) and reloads;
 * - `applyCurrent()` makes the form's provider the current one ('使用当前方案').
 * `current` is the provider in use, `saved` whether the shown provider has a saved configuration.
 * Failures are shown by the request helper.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, type FormInstance } from 'antd';
import type { z } from 'zod';
import type { PropTypeDef } from '@kaopei/contracts/prop-type';
import { PROP_MSG, propApi, type PropDetail } from '@kaopei/contracts/sys-config-prop';
import { call } from '../../../../api/request';

export interface PropValues<P extends string = string, D = Record<string, string>> {
  provider?: P;
  remark?: string;
  data: D;
}

const asStrings = (data: Record<string, unknown>) => Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v ?? '')]));

export function usePropConfig<P extends string, D>(
  def: PropTypeDef,
  form: FormInstance<PropValues<P, D>>,
  opts: { toForm?: (data: Record<string, unknown>) => D } = {},
) {
  const { message } = App.useApp();
  const type = def.key;
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [current, setCurrent] = useState('');
  const [saved, setSaved] = useState(false);
  const toForm = opts.toForm;
  // Field names are fixed (provider, remark, data): the generic form type adds nothing here.
  const f = form as unknown as FormInstance;

  const load = useCallback(
    async (p?: string) => {
      setLoading(true);
      try {
        const d: PropDetail = await call(propApi.detail, { type, ...(p ? { provider: p } : {}) });
        setCurrent(d.current);
        setSaved(d.saved);
        f.setFieldsValue({ provider: d.provider, remark: d.remark, data: toForm ? toForm(d.data) : asStrings(d.data) });
      } catch {
        // shown by the request helper
      } finally {
        setLoading(false);
      }
    },
    [f, type, toForm],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const onProvider = (p: P) => {
    f.resetFields(['data', 'remark']);
    void load(p);
  };

  const save = async (values: PropValues<P, D>) => {
    if (!values.provider) return void message.warning(PROP_MSG.provider);
    setSaving(true);
    try {
      await call(propApi.save, { type, provider: values.provider, data: (values.data ?? {}) as Record<string, unknown>, remark: values.remark ?? '' });
      message.success(def.savedMsg);
      await load(values.provider);
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  const applyCurrent = async () => {
    const p = f.getFieldValue('provider') as string | undefined;
    if (!p) return void message.warning(PROP_MSG.provider);
    setSwitching(true);
    try {
      await call(propApi.change, { type, provider: p });
      message.success(PROP_MSG.changed);
      setCurrent(p);
    } catch {
      // shown by the request helper
    } finally {
      setSwitching(false);
    }
  };

  /** The zod schema of provider `p`'s data (the form's field rules), if the type has one. */
  const schemaOf = (p: string | undefined) => (p ? (def.providers[p] as z.ZodObject<Record<string, z.ZodType>> | undefined) : undefined);

  return { loading, saving, switching, current, saved, load, onProvider, save, applyCurrent, schemaOf };
}
