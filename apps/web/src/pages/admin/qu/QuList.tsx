/**
 * /admin/exam/qu — questions (SPEC §2 paging tables): filters bank (also from `?repoId=`), chapter
 * of that bank (also `?chapterId=`; 未分章节 = none), type, level, content; columns 题目类型 /
 * 题目内容 (text excerpt) / 所属题库 / 章节 / 难度 / 更新时间; add and edit open the QuForm pages;
 * delete and batch delete with confirmation; the batch actions on the ticked rows (移动/复制到题库,
 * 设置难度, 加入章节: BatchDialog; 清空章节 with a confirmation); 导入 opens the import dialog; 导出
 * downloads the questions of the current filters (import layout). Buttons per permission code.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Card, Dropdown, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { DownOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { QU_LEVEL_LABEL, QU_TYPE_LABEL } from '@kaopei/contracts';
import { quApi, type quPagingParams, QuPerm, type QuRecord } from '@kaopei/contracts/qu';
import type { z } from 'zod';
import { call, download } from '../../../api/request';

type QuPagingParams = z.input<typeof quPagingParams>;
import { useAuth } from '../../../store/auth';
import { PermButton, RowAction } from '../../../components/Perm';
import { RepoSelect } from '../../../components/RepoSelect';
import { SearchBar } from '../../../components/SearchBar';
import { BatchDeleteButton, ListToolbar, PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { htmlToText } from '../../../utils/html';
import { ImportDialog } from './ImportDialog';
import { BatchDialog, type BatchAction } from './BatchDialog';
import { ChapterSelect } from '../../../components/ChapterSelect';

/** The chapter filter's value for "questions of no chapter" (sent as chapterId ''). */
const NO_CHAPTER = '__none__';

export const QU_TYPE_OPTIONS = Object.entries(QU_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
export const QU_LEVEL_OPTIONS = Object.entries(QU_LEVEL_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const TYPE_COLORS: Record<number, string> = { 1: 'blue', 2: 'purple', 3: 'cyan', 4: 'orange', 5: 'green', 6: 'magenta', 99: 'gold' };
/** Question changes alter the banks' counts and the bank select. */
const ALSO_INVALIDATE = ['repo-select', 'repo-paging'];

/** The filters with empty fields left out and the content trimmed. */
function searchParamsOf(v: QuPagingParams): QuPagingParams {
  const content = v.content?.trim();
  return {
    ...(v.repoId ? { repoId: v.repoId } : {}),
    ...(v.quType ? { quType: v.quType } : {}),
    ...(v.level ? { level: v.level } : {}),
    ...(content ? { content } : {}),
    ...(v.repoId && v.chapterId !== undefined ? { chapterId: v.chapterId === NO_CHAPTER ? '' : v.chapterId } : {}),
  };
}

export default function QuList() {
  const navigate = useNavigate();
  const { hasPerm } = useAuth();
  const [searchParams] = useSearchParams();
  const initialRepo = searchParams.get('repoId') ?? undefined;
  const initialChapter = initialRepo ? (searchParams.get('chapterId') ?? undefined) : undefined;
  const list = usePagedList<QuPagingParams, QuRecord>(
    'qu-paging',
    (current, size, params) => call(quApi.paging, { current, size, params }),
    { repoId: initialRepo, ...(initialChapter !== undefined ? { chapterId: initialChapter } : {}) },
    ALSO_INVALIDATE,
  );
  const [batch, setBatch] = useState<BatchAction | null>(null);
  const [filterRepo, setFilterRepo] = useState(initialRepo);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { message } = App.useApp();

  /** Downloads the questions of the current filters (SPEC §8: 数据导出成功！). */
  const exportList = async (moodle = false) => {
    setExporting(true);
    try {
      await download(moodle ? quApi.exportMoodle : quApi.export, list.paging.params);
      message.success('数据导出成功！');
    } catch {
      // shown by the request helper
    } finally {
      setExporting(false);
    }
  };
  const remove = useDeleteAction((ids) => call(quApi.delete, { ids }), list.refresh);
  const repoId = list.paging.params.repoId;
  const { modal } = App.useApp();

  /** Opens a batch action on the ticked rows (warns when none is ticked). */
  const openBatch = (action: BatchAction | 'clear') => {
    if (list.selected.length === 0) return void message.warning('请至少选择一条数据！');
    if (action !== 'clear') return setBatch(action);
    modal.confirm({
      title: '提示',
      content: `确定要清空所选 ${list.selected.length} 道试题的章节吗?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const { count } = await call(quApi.batchChapterClear, { ids: list.selected });
          message.success(`操作成功！共${count}道试题`);
          list.refresh();
        } catch {
          // shown by the request helper
        }
      },
    });
  };
  const batchItems = [
    { key: 'move', label: '移动到题库', code: QuPerm.UPDATE },
    { key: 'copy', label: '复制到题库', code: QuPerm.ADD },
    { key: 'level', label: '设置难度', code: QuPerm.UPDATE },
    { key: 'chapter', label: '加入章节', code: QuPerm.UPDATE },
    { key: 'clear', label: '清空章节', code: QuPerm.UPDATE },
  ].filter((i) => hasPerm(i.code));

  const columns: TableColumnsType<QuRecord> = [
    {
      title: '题目类型',
      dataIndex: 'quType',
      width: 100,
      render: (t: number, r) => <Tag color={TYPE_COLORS[t]}>{r.quType_dictText || QU_TYPE_LABEL[t]}</Tag>,
    },
    { title: '题目内容', dataIndex: 'content', ellipsis: true, render: (c: string) => htmlToText(c, 120) },
    { title: '所属题库', dataIndex: 'repoId_dictText', width: 180, ellipsis: true },
    { title: '章节', dataIndex: 'chapterId_dictText', width: 140, ellipsis: true },
    { title: '难度', dataIndex: 'level', width: 80, render: (l: number, r) => r.level_dictText || QU_LEVEL_LABEL[l] },
    { title: '更新时间', dataIndex: 'updateTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space size={0}>
          <RowAction code={QuPerm.UPDATE} onClick={() => navigate(`/admin/exam/qu/update/${encodeURIComponent(r.id)}`)}>
            编辑
          </RowAction>
          <RowAction code={QuPerm.DELETE} danger onClick={() => remove([r.id])}>
            删除
          </RowAction>
        </Space>
      ),
    },
  ];

  const addUrl = repoId ? `/admin/exam/qu/add?repoId=${encodeURIComponent(repoId)}` : '/admin/exam/qu/add';

  return (
    <Card className="page">
      <SearchBar<QuPagingParams>
        initialValues={{ repoId: initialRepo, chapterId: initialChapter === '' ? NO_CHAPTER : initialChapter }}
        onSearch={(v) => list.paging.search(searchParamsOf(v))}
        onValuesChange={(changed: QuPagingParams, form) => {
          if ('repoId' in changed) {
            setFilterRepo(changed.repoId);
            form.setFieldValue('chapterId', undefined);
          }
        }}
      >
        <Form.Item name="repoId">
          <RepoSelect allowClear placeholder="所属题库" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="chapterId">
          <ChapterSelect repoId={filterRepo} allowClear placeholder="章节" none={{ value: NO_CHAPTER, label: '未分章节' }} style={{ width: 160 }} testId="qu-filter-chapter" />
        </Form.Item>
        <Form.Item name="quType">
          <Select allowClear placeholder="题目类型" options={QU_TYPE_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="level">
          <Select allowClear placeholder="难度" options={QU_LEVEL_OPTIONS} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="content">
          <Input allowClear placeholder="题目内容" style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar>
        <PermButton code={QuPerm.ADD} type="primary" icon={<PlusOutlined />} onClick={() => navigate(addUrl)} data-testid="qu-add">
          添加
        </PermButton>
        <BatchDeleteButton code={QuPerm.DELETE} onClick={() => remove(list.selected)} />
        {batchItems.length ? (
          <Dropdown menu={{ items: batchItems.map(({ key, label }) => ({ key, label, 'data-testid': `qu-batch-${key}` })), onClick: ({ key }) => openBatch(key as BatchAction | 'clear') }}>
            <PermButton code={[QuPerm.UPDATE, QuPerm.ADD]} data-testid="qu-batch">
              批量操作{list.selected.length ? `（${list.selected.length}）` : ''} <DownOutlined />
            </PermButton>
          </Dropdown>
        ) : null}
        <PermButton code={QuPerm.IMPORT} icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="import-open">
          导入
        </PermButton>
        <PermButton code={QuPerm.EXPORT} icon={<ExportOutlined />} loading={exporting} onClick={() => void exportList()} data-testid="qu-export">
          导出
        </PermButton>
        <PermButton code={QuPerm.EXPORT} icon={<ExportOutlined />} loading={exporting} onClick={() => void exportList(true)} data-testid="qu-export-moodle">
          导出Moodle XML
        </PermButton>
      </ListToolbar>
      <PagedTable<QuRecord> list={list} columns={columns} selectable={hasPerm(QuPerm.DELETE) || hasPerm(QuPerm.UPDATE) || hasPerm(QuPerm.ADD)} scroll={{ x: 1000 }} />
      <BatchDialog action={batch} ids={list.selected} repoId={repoId} onClose={() => setBatch(null)} onDone={list.refresh} />
      <ImportDialog open={importOpen} defaultRepoId={repoId} onClose={() => setImportOpen(false)} onImported={list.refresh} />
    </Card>
  );
}
