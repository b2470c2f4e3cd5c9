/**
 * /web/book/list/:examId — the wrong questions of one exam (/api/user/wrong-book/paging, the
 * caller's own): 试题 (text), 题型, 错误次数, 连续答对, 最近更新; 移除 deletes after confirmation
 * ('确实要删除吗?' → '删除成功！'). 练习错题 opens the practice pane (BookPractice: next / check).
 */
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { LeftOutlined } from '@ant-design/icons';
import { bookApi, type BookRecord } from '@kaopei/contracts/book';
import { call } from '../../../api/request';
import { PagedTable } from '../../../components/PagedTable';
import { useDeleteAction, usePagedList } from '../../../components/paging';
import { htmlToText } from '../../../utils/html';
import BookPractice from './BookPractice';

export default function BookList() {
  const { examId = '' } = useParams();
  const navigate = useNavigate();
  const [practising, setPractising] = useState(false);
  const params = useMemo(() => ({ examId }), [examId]);
  const list = usePagedList<typeof params, BookRecord>('wrong-book', (current, size, p) => call(bookApi.paging, { current, size, params: p }), params);
  const remove = useDeleteAction((ids) => call(bookApi.delete, { ids }), list.refresh);

  const columns: TableColumnsType<BookRecord> = [
    { title: '试题', dataIndex: 'content', ellipsis: true, width: 300, render: (v: string) => htmlToText(v, 80) },
    { title: '题型', dataIndex: 'quType_dictText', width: 80 },
    { title: '错误次数', dataIndex: 'wrongCount', width: 90 },
    { title: '连续答对', dataIndex: 'rightStreak', width: 90 },
    { title: '最近更新', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" danger onClick={() => remove([r.id])} data-testid={`book-delete-${r.id}`}>
          移除
        </Button>
      ),
    },
  ];

  return (
    <div className="web-page">
      <div className="web-page-head">
        <Space wrap>
          <Button icon={<LeftOutlined />} onClick={() => navigate(-1)}>
            返回
          </Button>
          <h2 style={{ margin: 0 }}>错题本</h2>
          <Button type="primary" onClick={() => setPractising((p) => !p)} data-testid="book-practise" disabled={!list.query.data?.total}>
            {practising ? '结束练习' : '练习错题'}
          </Button>
        </Space>
      </div>
      {practising ? (
        <Card style={{ marginBottom: 16 }}>
          <BookPractice examId={examId} onChecked={list.refresh} />
        </Card>
      ) : null}
      <Card>
        <PagedTable<BookRecord>
          list={list}
          columns={columns}
          onRow={(r) => ({ 'data-testid': `book-row-${r.quId}` }) as HTMLAttributes<HTMLElement>}
          scroll={{ x: 810 }}
        />
      </Card>
    </div>
  );
}
