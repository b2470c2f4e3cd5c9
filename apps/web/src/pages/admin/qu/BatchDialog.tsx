/**
 * The batch actions of the question list (/api/qu/qu/batch/*; one call and one transaction each):
 * 移动到题库 / 复制到题库 (target bank and optionally one of its chapters), 设置难度, 加入章节 (a
 * chapter of the selected questions' bank). `action` picks which; `ids` are the selected questions;
 * `repoId` the list's bank filter (preselected). The server's Chinese message is shown on refusal
 * (the request helper); `onDone(count)` after success. 清空章节 and 删除 only ask a confirmation and
 * live in QuList.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Form, Modal, Radio } from 'antd';
import { QU_LEVEL_LABEL } from '@kaopei/contracts';
import { quApi } from '@kaopei/contracts/qu';
import { call } from '../../../api/request';
import { ChapterSelect } from '../../../components/ChapterSelect';
import { RepoSelect } from '../../../components/RepoSelect';

export type BatchAction = 'move' | 'copy' | 'level' | 'chapter';

const TITLES: Record<BatchAction, string> = { move: '移动到题库', copy: '复制到题库', level: '设置难度', chapter: '加入章节' };

interface Props {
  action: BatchAction | null;
  ids: string[];
  repoId?: string;
  onClose: () => void;
  onDone: (count: number) => void;
}

interface Values {
  repoId?: string;
  chapterId?: string;
  level?: number;
}

/** The request of a batch action from the dialog's values (null while something required is missing). */
export function batchRequest(action: BatchAction, ids: string[], v: Values) {
  if (action === 'level') return v.level ? { kind: action, body: { ids, level: v.level } } : null;
  if (action === 'chapter') return v.chapterId ? { kind: action, body: { ids, chapterId: v.chapterId } } : null;
  return v.repoId ? { kind: action, body: { ids, repoId: v.repoId, chapterId: v.chapterId ?? '' } } : null;
}

export function BatchDialog({ action, ids, repoId, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const chosenRepo = Form.useWatch('repoId', form);
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();

  useEffect(() => {
    if (action) form.setFieldsValue({ repoId: action === 'chapter' ? repoId : undefined, chapterId: undefined, level: 1 });
  }, [action, repoId, form]);

  if (!action) return null;

  const submit = async () => {
    const req = batchRequest(action, ids, form.getFieldsValue());
    if (!req) return void message.warning(action === 'level' ? '请选择难度！' : action === 'chapter' ? '请选择章节！' : '请选择目标题库！');
    setSaving(true);
    try {
      const res =
        req.kind === 'level'
          ? await call(quApi.batchLevel, req.body as { ids: string[]; level: number })
          : req.kind === 'chapter'
            ? await call(quApi.batchChapter, req.body as { ids: string[]; chapterId: string })
            : await call(req.kind === 'move' ? quApi.batchMove : quApi.batchCopy, req.body as { ids: string[]; repoId: string; chapterId: string });
      message.success(`操作成功！共${res.count}道试题`);
      onDone(res.count);
      onClose();
    } catch {
      // shown by the request helper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={`${TITLES[action]}（已选 ${ids.length} 道）`} width={580} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} okText="确定" cancelText="取消">
      <Form form={form} layout="vertical" onValuesChange={(changed: Values) => ('repoId' in changed ? form.setFieldValue('chapterId', undefined) : undefined)} data-testid="qu-batch-dialog">
        {action === 'level' ? (
          <Form.Item name="level" label="难度" required>
            <Radio.Group options={Object.entries(QU_LEVEL_LABEL).map(([v, l]) => ({ value: Number(v), label: l }))} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="repoId" label={action === 'chapter' ? '章节所在题库' : '目标题库'} required>
              <RepoSelect style={{ width: '100%' }} testIdPrefix="qu-batch-repo-option" />
            </Form.Item>
            <Form.Item name="chapterId" label={action === 'chapter' ? '章节' : '目标章节（可选）'} required={action === 'chapter'}>
              <ChapterSelect repoId={chosenRepo} allowClear placeholder={action === 'chapter' ? '请选择章节' : '不放入章节'} testId="qu-batch-chapter" />
            </Form.Item>
          </>
        )}
        {action === 'move' ? <Alert type="info" showIcon title="组合题的小题随之移动；未选目标章节时试题不再属于任何章节。" /> : null}
        {action === 'copy' ? <Alert type="info" showIcon title="复制试题及其选项、答案和小题，生成新的试题。" /> : null}
        {action === 'chapter' ? <Alert type="info" showIcon title="所选试题须属于该章节所在的题库。" /> : null}
      </Form>
    </Modal>
  );
}
