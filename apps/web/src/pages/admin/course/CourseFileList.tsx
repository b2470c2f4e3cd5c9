/**
 * The files of a course in the course dialog (SPEC §3 "Course"; issue 11 "ordered chapters of course
 * files"): a table in course order with the file's type and length, an editable chapter title and
 * required minutes (empty = the default: a video's length, 30 s a page of a document, 1 minute a
 * link — contracts courseNeedSec), up/down and remove; 添加课件 opens the course-file picker without
 * the files already in the course. `value` / `onChange` carry the rows, so it sits in a Form.Item.
 */
import { useState } from 'react';
import { Button, Input, InputNumber, Space, Table, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { courseNeedSec } from '@kaopei/contracts/course';
import { CourseFilePicker, type PickedCourseFile } from '../../../components/CourseFilePicker';
import { formatDuration } from '../../../utils/format';

/** One row of the editor. */
export interface CourseFileDraft {
  fileId: string;
  title: string;
  fileType: number;
  fileType_dictText: string;
  duration: number;
  pageCount: number;
  chapter: string;
  needMinutes: number | null;
}

interface Props {
  value?: CourseFileDraft[];
  onChange?: (rows: CourseFileDraft[]) => void;
}

const NONE: CourseFileDraft[] = [];

/** A picked library file as a new row (chapter of the row before it). */
export function draftOf(f: PickedCourseFile, chapter: string): CourseFileDraft {
  return { fileId: f.id, title: f.title, fileType: f.fileType, fileType_dictText: f.fileType_dictText, duration: f.duration, pageCount: f.pageCount, chapter, needMinutes: null };
}

export function CourseFileList({ value = NONE, onChange }: Props) {
  const [picking, setPicking] = useState(false);
  const set = (rows: CourseFileDraft[]) => onChange?.(rows);
  const patch = (i: number, p: Partial<CourseFileDraft>) => set(value.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const move = (i: number, d: -1 | 1) => {
    const rows = [...value];
    const [row] = rows.splice(i, 1);
    if (row) rows.splice(i + d, 0, row);
    set(rows);
  };

  const columns: TableColumnsType<CourseFileDraft> = [
    { title: '序号', key: 'n', width: 56, render: (_, __, i) => i + 1 },
    {
      title: '章节',
      dataIndex: 'chapter',
      width: 160,
      render: (v: string, _r, i) => <Input size="small" value={v} maxLength={100} placeholder="章节名称" onChange={(e) => patch(i, { chapter: e.target.value })} data-testid={`course-files-chapter-${i}`} />,
    },
    { title: '课件名称', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'fileType_dictText', width: 64 },
    { title: '时长/页数', key: 'len', width: 100, render: (_, r) => (r.fileType === 22 ? (r.pageCount ? `${r.pageCount}页` : '-') : r.duration ? formatDuration(r.duration) : '-') },
    {
      title: '要求学习（分钟）',
      dataIndex: 'needMinutes',
      width: 150,
      render: (v: number | null, r, i) => (
        <InputNumber
          size="small"
          min={1}
          max={10000}
          precision={0}
          value={v}
          placeholder={`默认${Math.ceil(courseNeedSec(r, null) / 60)}`}
          onChange={(n) => patch(i, { needMinutes: typeof n === 'number' ? n : null })}
          data-testid={`course-files-need-${i}`}
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      render: (_, _r, i) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label="上移" />
          <Button type="link" size="small" icon={<ArrowDownOutlined />} disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label="下移" />
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => set(value.filter((_, j) => j !== i))} aria-label="移除" data-testid={`course-files-remove-${i}`} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<CourseFileDraft> rowKey="fileId" size="small" pagination={false} columns={columns} dataSource={value} locale={{ emptyText: '暂无相关数据！' }} scroll={{ x: 760 }} />
      <Button style={{ marginTop: 8 }} icon={<PlusOutlined />} onClick={() => setPicking(true)} data-testid="course-files-add">
        添加课件
      </Button>
      <CourseFilePicker
        open={picking}
        excludes={value.map((r) => r.fileId)}
        onCancel={() => setPicking(false)}
        onOk={(files) => {
          const chapter = value[value.length - 1]?.chapter ?? '';
          set([...value, ...files.map((f) => draftOf(f, chapter))]);
          setPicking(false);
        }}
      />
    </>
  );
}
