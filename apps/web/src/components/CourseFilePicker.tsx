/**
 * Course-file picker (SPEC §2 "course-file picker", §9 "Select widgets and course picker: page 1,
 * size 100"; issue 11): a dialog with the library's table (名称, 类型, 时长/页数, 分类, 状态), title,
 * type and category filters, multi-select (or `single`) kept across pages and shown as closable
 * tags; files in `excludes` (already chosen by the course) are not offered. 确定 answers the chosen
 * files (at least one: 请至少选择一条数据！). Rendered only while open, so every opening starts
 * afresh. Needs course:file:list. Props: `open`, `excludes`, `single`, `title`, `onOk(files)`, `onCancel`.
 */
import { useState, type HTMLAttributes } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { App, Button, Input, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@kaopei/contracts';
import { COURSE_FILE_CAT_DIC, COURSE_FILE_TYPE_LABEL, courseFileApi, type CourseFileRecord } from '@kaopei/contracts/course-file';
import { call } from '../api/request';
import { DictTreeSelect } from './DictSelect';
import { SELECT_ONE } from './paging';
import { mergePageSelection, withoutId } from './user-selection';

/** SPEC §9: pickers read 100 rows a page. */
export const COURSE_FILE_PICKER_SIZE = 100;

/** What the picker answers per file. */
export type PickedCourseFile = Pick<CourseFileRecord, 'id' | 'title' | 'fileType' | 'fileType_dictText' | 'duration' | 'pageCount' | 'dbsczt'>;

export interface CourseFilePickerProps {
  open: boolean;
  excludes?: readonly string[];
  single?: boolean;
  title?: string;
  onOk: (files: PickedCourseFile[]) => void;
  onCancel: () => void;
}

interface Filters {
  title?: string;
  fileType?: number;
  catId?: string;
}

const TYPE_OPTIONS = Object.entries(COURSE_FILE_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const pick = (r: CourseFileRecord): PickedCourseFile => ({ id: r.id, title: r.title, fileType: r.fileType, fileType_dictText: r.fileType_dictText, duration: r.duration, pageCount: r.pageCount, dbsczt: r.dbsczt });

const COLUMNS: TableColumnsType<CourseFileRecord> = [
  { title: '课件名称', dataIndex: 'title', ellipsis: true },
  { title: '类型', dataIndex: 'fileType_dictText', width: 70, align: 'center' },
  { title: '时长/页数', key: 'len', width: 90, align: 'center', render: (_, r) => (r.fileType === 22 ? (r.pageCount ? `${r.pageCount}页` : '-') : r.duration ? `${Math.floor(r.duration / 60)}分${r.duration % 60}秒` : '-') },
  { title: '分类', dataIndex: 'catId_dictText', width: 110, ellipsis: true },
  { title: '状态', dataIndex: 'dbsczt_dictText', width: 80, align: 'center' },
];

/** The paging params of the picker (blank values and empty excludes left out). */
export function courseFilePickerParams(f: Filters, excludes: readonly string[]) {
  const title = f.title?.trim();
  return {
    ...(title ? { title } : {}),
    ...(f.fileType !== undefined ? { fileType: f.fileType } : {}),
    ...(f.catId ? { catId: f.catId } : {}),
    ...(excludes.length ? { excludes: [...new Set(excludes)] } : {}),
  };
}

function PickerBody({ excludes = [], single, title = '选择课件', onOk, onCancel }: Omit<CourseFilePickerProps, 'open'>) {
  const { message } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(COURSE_FILE_PICKER_SIZE);
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [selected, setSelected] = useState<ReadonlyMap<string, PickedCourseFile>>(new Map());
  const params = courseFilePickerParams(filters, excludes);
  const query = useQuery({ queryKey: ['course-file-picker', current, size, params], queryFn: () => call(courseFileApi.paging, { current, size, params }), placeholderData: keepPreviousData });
  const rows = query.data?.records ?? [];
  const search = () => {
    setFilters(draft);
    setCurrent(1);
  };
  const tick = (keys: readonly string[]) => setSelected((s) => (single ? new Map(rows.filter((r) => keys.includes(r.id)).map((r) => [r.id, pick(r)])) : mergePageSelection(s, rows.map(pick), keys)));
  const toggle = (r: CourseFileRecord) => setSelected((s) => (s.has(r.id) ? withoutId(s, r.id) : single ? new Map([[r.id, pick(r)]]) : mergePageSelection(s, [pick(r)], [r.id])));
  const confirm = () => {
    if (selected.size === 0) return void message.warning(SELECT_ONE);
    onOk([...selected.values()]);
  };

  return (
    <Modal
      open
      title={title}
      width={860}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm} data-testid="course-file-picker-ok">
          确定{selected.size ? `（已选 ${selected.size} 个）` : ''}
        </Button>,
      ]}
    >
      <div data-testid="course-file-picker">
        <Space wrap className="list-filter" style={{ marginBottom: 8 }}>
          <Input placeholder="搜索课件名称" allowClear maxLength={100} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} onPressEnter={search} style={{ width: 200 }} data-testid="course-file-picker-search" />
          <Select placeholder="全部类型" allowClear options={TYPE_OPTIONS} value={draft.fileType} onChange={(v?: number) => setDraft({ ...draft, fileType: v })} style={{ width: 110 }} />
          <DictTreeSelect dicCode={COURSE_FILE_CAT_DIC} placeholder="全部分类" value={draft.catId} onChange={(v?: string) => setDraft({ ...draft, catId: v })} style={{ width: 150 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
        </Space>
        <div style={{ minHeight: 32, marginBottom: 8 }}>
          {selected.size === 0 ? (
            <Typography.Text type="secondary">尚未选择课件</Typography.Text>
          ) : (
            <Space size={[4, 4]} wrap>
              {[...selected.values()].map((b) => (
                <Tag key={b.id} closable onClose={() => setSelected((s) => withoutId(s, b.id))}>
                  {b.title}
                </Tag>
              ))}
            </Space>
          )}
        </div>
        <Table<CourseFileRecord>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={rows}
          loading={query.isFetching}
          pagination={{
            current,
            pageSize: size,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, pageSize) => {
              setCurrent(pageSize !== size ? 1 : page);
              setSize(pageSize);
            },
          }}
          rowSelection={{ type: single ? 'radio' : 'checkbox', selectedRowKeys: [...selected.keys()], preserveSelectedRowKeys: true, onChange: (keys) => tick(keys.map(String)) }}
          onRow={(r) => ({ onClick: () => toggle(r), style: { cursor: 'pointer' }, 'data-testid': `course-file-picker-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ y: 360 }}
        />
      </div>
    </Modal>
  );
}

/** The picker; see the file comment. */
export function CourseFilePicker({ open, ...rest }: CourseFilePickerProps) {
  if (!open) return null;
  return <PickerBody {...rest} />;
}
