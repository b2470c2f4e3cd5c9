/**
 * The submissions of one form (issue 13): a paged table with 账号 and 姓名 (not for anonymous
 * forms), 提交时间 and one column per field (options joined, files as players and links to their
 * urls), and 导出 (xlsx, /api/xdsc/export).
 */
import { useState } from 'react';
import { Drawer, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { XdscPerm, xdscApi, type XdscAnswerRecord, type XdscRecord } from '@kaopei/contracts/xdsc';
import { call, download } from '../../../api/request';
import { PermButton } from '../../../components/Perm';
import { QueryTable } from '../../../components/QueryTable';

function cell(fieldType: string, v: string | string[] | undefined) {
  if (Array.isArray(v)) return v.join('、') || '-';
  if (!v) return '-';
  if (fieldType === 'image' || fieldType === 'video' || fieldType === 'audio') {
    return (
      <Space direction="vertical" size={2}>
        {fieldType === 'audio' ? <audio src={v} controls style={{ width: 220 }} /> : null}
        <a href={v} target="_blank" rel="noreferrer" data-testid="xdsc-answer-file">
          {v}
        </a>
      </Space>
    );
  }
  return v;
}

export function XdscAnswersDrawer({ form, onClose }: { form: XdscRecord | null; onClose: () => void }) {
  const [current, setCurrent] = useState(1);
  const q = useQuery({
    queryKey: ['xdsc-answers', form?.id, current],
    queryFn: () => call(xdscApi.answers, { current, size: 10, params: { formId: form?.id ?? '' } }),
    enabled: Boolean(form),
  });
  const who: TableColumnsType<XdscAnswerRecord> = form?.anonymous ? [] : [{ title: '账号', dataIndex: 'userName', width: 120 }, { title: '姓名', dataIndex: 'realName', width: 100 }];
  const columns: TableColumnsType<XdscAnswerRecord> = [
    ...who,
    { title: '提交时间', dataIndex: 'submitTime', width: 170 },
    ...(form?.fields ?? []).map((f) => ({
      title: f.label,
      key: f.id,
      width: 200,
      render: (_: unknown, r: XdscAnswerRecord) => cell(f.fieldType, r.values.find((v) => v.fieldId === f.id)?.value),
    })),
  ];
  return (
    <Drawer open={Boolean(form)} title={`提交记录 — ${form?.title ?? ''}${form?.anonymous ? '（匿名）' : ''}`} width="80%" onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <PermButton code={XdscPerm.ANSWERS} icon={<DownloadOutlined />} onClick={() => form && void download(xdscApi.export, { formId: form.id })} data-testid="xdsc-export">
          导出
        </PermButton>
      </Space>
      <QueryTable<XdscAnswerRecord> page={q.data} current={current} onPage={setCurrent} loading={q.isFetching} columns={columns} scroll={{ x: 'max-content' }} data-testid="xdsc-answers-table" />
    </Drawer>
  );
}
