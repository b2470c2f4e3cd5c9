/**
 * Practising the wrong questions of one exam (/web/book/list/:examId, 练习错题): /next shows a
 * question without its answers (the exam page's answer widgets, QuWidgets); 提交答案 sends it to
 * /check, which alone answers 回答正确 / 回答错误 with the right answer and analysis
 * (components/QuResult); 下一题 asks /next for the question after it (cycling). `onChecked` lets
 * the list refresh its counts.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Space, Spin, Tag } from 'antd';
import { bookApi, type BookCheck, type BookNext } from '@kaopei/contracts/book';
import { call } from '../../../api/request';
import { QuResult } from '../../../components/QuResult';
import { RichText } from '../../../components/RichText';
import QuWidgets from '../exam/QuWidgets';
import type { AnswerValue } from '../exam/useAnswerSaver';

export default function BookPractice({ examId, onChecked }: { examId: string; onChecked: () => void }) {
  const [next, setNext] = useState<BookNext | undefined>(undefined);
  const [value, setValue] = useState<AnswerValue>({});
  const [checked, setChecked] = useState<BookCheck | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (after?: string) => {
      setBusy(true);
      try {
        setNext(await call(bookApi.next, { examId, ...(after ? { quId: after } : {}) }));
        setValue({});
        setChecked(null);
      } catch {
        setNext(null);
      } finally {
        setBusy(false);
      }
    },
    [examId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async () => {
    if (!next) return;
    setBusy(true);
    try {
      setChecked(await call(bookApi.check, { examId, quId: next.qu.quId, answers: value.answers ?? [], blanks: value.blanks ?? [], pairs: value.pairs ?? {} }));
      onChecked();
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false);
    }
  };

  if (next === undefined) return <Spin />;
  if (next === null) return <Empty description="暂无可练习的错题" />;
  return (
    <div className="book-practice" data-testid="book-practice">
      <Space wrap style={{ marginBottom: 8 }}>
        <span data-testid="book-practice-index">
          第 {next.index} / {next.total} 题
        </span>
        <Tag color="red">错 {checked?.wrongCount ?? next.wrongCount} 次</Tag>
        <Tag color="green">连对 {checked?.rightStreak ?? next.rightStreak} 次</Tag>
      </Space>
      {checked ? (
        <div data-testid={checked.isRight ? 'book-check-right' : 'book-check-wrong'}>
          <QuResult qu={checked.qu} noScore />
        </div>
      ) : (
        <div className="qu-pane">
          <Tag color="blue">{next.qu.quType_dictText}</Tag>
          <RichText html={next.qu.content} className="qu-content" />
          {next.qu.image ? <img src={next.qu.image} alt="" className="qu-image" /> : null}
          <QuWidgets qu={next.qu} valueOf={() => value} onChange={(_, v) => setValue(v)} />
        </div>
      )}
      <Space style={{ marginTop: 12 }}>
        {checked ? null : (
          <Button type="primary" loading={busy} onClick={submit} data-testid="book-check">
            提交答案
          </Button>
        )}
        <Button loading={busy && !!checked} onClick={() => load(next.qu.quId)} data-testid="book-next">
          下一题
        </Button>
      </Space>
    </div>
  );
}
