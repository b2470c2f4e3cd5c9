/**
 * /web/repo/training/{repoId}/{mode} — training (SPEC §2, §4 "Training questions"; also the admin's
 * preview route MyRepoTraining). Query: quType (mode 4), chapterId (mode 6), clear=1 to restart
 * (dropped from the address once the record is made, so a reload continues).
 * - /api/repo/train/start continues the unfinished record of this bank and mode or draws a new one;
 *   the page opens at the first unanswered question of the card.
 * - Answering uses the exam page's QuestionPane / QuWidgets. Single choice and true/false are
 *   checked as soon as an option is picked; multiple, short answer, fill blank, matching and
 *   combined need 确认答案. Once checked, the question shows locked with the right answers and the
 *   analysis (the exam result's QuResult). Memorise mode (3) shows answers at once and scores nothing.
 * - 结束训练 ends the record and opens the result page.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Result, Row, Space, Spin, Tag } from 'antd';
import { QuType } from '@kaopei/contracts';
import type { PaperSubQu } from '@kaopei/contracts/paper';
import { TrainMode, trainApi, type TrainCheckReq, type TrainQuDetail } from '@kaopei/contracts/train';
import { call } from '../../../api/request';
import { QuResult } from '../../../components/QuResult';
import { QuestionPane } from '../exam/QuestionPane';
import type { AnswerValue } from '../exam/useAnswerSaver';
import { TrainCard } from './TrainCard';
import { isAdminPath, repoViewPath, resultPath, trainingPath } from './train-paths';

/** The answer of a question as the server last saved it. */
function savedValue(qu: PaperSubQu): AnswerValue {
  if (qu.quType === QuType.SINGLE || qu.quType === QuType.MULTI || qu.quType === QuType.JUDGE) return { answers: qu.answerList.filter((o) => o.checked).map((o) => o.id) };
  if (qu.quType === QuType.FILL) return { blanks: qu.blanks };
  if (qu.quType === QuType.MATCH) return { pairs: qu.pairs };
  return { answer: qu.answer };
}

/** True when `v` holds an answer (an option, text, a blank or a pair). */
const hasValue = (v: AnswerValue) =>
  (v.answers?.length ?? 0) > 0 || (v.answer ?? '').trim() !== '' || (v.blanks ?? []).some((b) => b.trim() !== '') || Object.values(v.pairs ?? {}).some((x) => x.trim() !== '');

/** The answer fields of /check and /fill for `v`. */
const fields = (v: AnswerValue) => ({ answers: v.answers ?? [], answer: v.answer ?? '', ...(v.blanks ? { blanks: v.blanks } : {}), ...(v.pairs ? { pairs: v.pairs } : {}) });

export default function MyRepoTraining() {
  const { repoId = '', mode: modeText = '' } = useParams();
  const [search] = useSearchParams();
  const admin = isAdminPath(useLocation().pathname);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const mode = Number(modeText);
  const quType = Number(search.get('quType')) || undefined;
  const chapterId = search.get('chapterId') || undefined;
  const clear = search.get('clear') === '1';

  const started = useQuery({
    queryKey: ['train-start', repoId, mode, quType, chapterId, clear],
    queryFn: () => call(trainApi.start, { repoId, mode, clear, quType, chapterId }),
    staleTime: Infinity,
    retry: false,
  });
  const rec = started.data;
  useEffect(() => {
    // A restart happened: drop clear=1 from the address (a reload then continues this record).
    if (rec && clear) navigate(trainingPath(admin, repoId, { mode, quType, chapterId }), { replace: true });
  }, [rec, clear, navigate, admin, repoId, mode, quType, chapterId]);

  const trainId = rec?.id ?? '';
  const card = useQuery({ queryKey: ['train-card', trainId], queryFn: () => call(trainApi.card, { id: trainId }), enabled: Boolean(trainId) });
  const quList = useMemo(() => card.data?.quList ?? [], [card.data]);
  const [picked, setPicked] = useState('');
  // Opens at the first unanswered question, then stays where the learner is (a check does not move on).
  useEffect(() => {
    if (!picked && quList.length) setPicked(quList.find((q) => !q.answered)?.quId ?? quList[0]!.quId);
  }, [picked, quList]);
  const currentId = picked;
  const index = quList.findIndex((q) => q.quId === currentId);
  const detailKey = ['train-qu', trainId, currentId];
  const detail = useQuery({ queryKey: detailKey, queryFn: () => call(trainApi.quDetail, { trainId, quId: currentId, mode }), enabled: Boolean(trainId && currentId) });
  const [values, setValues] = useState<Record<string, AnswerValue>>({});
  const [checking, setChecking] = useState(false);
  const scored = mode !== TrainMode.MEMORISE;

  const check = async (body: Omit<TrainCheckReq, 'trainId'>) => {
    setChecking(true);
    try {
      const res = await call(trainApi.check, { trainId, ...body });
      queryClient.setQueryData<TrainQuDetail>(['train-qu', trainId, body.quId], { checked: true, qu: null, result: res.result });
      await queryClient.invalidateQueries({ queryKey: ['train-card', trainId] });
    } finally {
      setChecking(false);
    }
  };

  // Memorise: a question shown counts as seen (answered), once.
  const seen = useRef(new Set<string>());
  const cardItem = quList[index];
  useEffect(() => {
    if (mode !== TrainMode.MEMORISE || !cardItem || cardItem.answered || seen.current.has(cardItem.quId)) return;
    seen.current.add(cardItem.quId);
    void call(trainApi.check, { trainId, quId: cardItem.quId }).then(() => queryClient.invalidateQueries({ queryKey: ['train-card', trainId] }));
  }, [mode, cardItem, trainId, queryClient]);

  const qu = detail.data?.checked === false ? detail.data.qu : null;
  const valueOf = (q: PaperSubQu) => values[q.quId] ?? savedValue(q);
  const onChange = (quId: string, value: AnswerValue) => {
    setValues((v) => ({ ...v, [quId]: value }));
    if (qu && quId === qu.quId && (qu.quType === QuType.SINGLE || qu.quType === QuType.JUDGE) && value.answers?.length) void check({ quId, ...fields(value) });
  };
  const confirm = () => {
    if (!qu) return;
    if (![qu, ...qu.subList].some((q) => hasValue(valueOf(q)))) {
      void message.warning('请先作答！');
      return;
    }
    if (qu.quType === QuType.MIX) void check({ quId: qu.quId, answers: [], answer: '', subList: qu.subList.map((s) => ({ quId: s.quId, ...fields(valueOf(s)) })) });
    else void check({ quId: qu.quId, ...fields(valueOf(qu)) });
  };
  const go = (i: number) => {
    const next = quList[i];
    if (next) setPicked(next.quId);
  };
  const finish = () => {
    const left = quList.filter((q) => !q.answered).length;
    modal.confirm({
      title: '结束训练',
      content: left && scored ? `还有${left}题未作答，确定结束训练吗？` : '确定结束本次训练吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await call(trainApi.finish, { id: trainId });
        navigate(resultPath(admin, trainId));
      },
    });
  };

  if (started.isError) {
    return (
      <div className="web-page">
        <Result status="warning" title="无法开始训练" subTitle={started.error instanceof Error ? started.error.message : ''} extra={<Button onClick={() => navigate(repoViewPath(admin, repoId))}>返回题库</Button>} />
      </div>
    );
  }
  const needsConfirm = qu && qu.quType !== QuType.SINGLE && qu.quType !== QuType.JUDGE;
  return (
    <div className="web-page">
      <Spin spinning={started.isLoading || card.isLoading}>
        <div className="web-page-head">
          <h2>
            {rec?.repoId_dictText} <Tag color="blue">{rec?.mode_dictText}</Tag>
          </h2>
          <Space>
            <Button onClick={() => navigate(repoViewPath(admin, repoId))}>返回题库</Button>
            <Button type="primary" danger onClick={finish} disabled={!trainId} data-testid="train-finish">结束训练</Button>
          </Space>
        </div>
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={17}>
            <Card data-testid="train-question">
              <Spin spinning={detail.isFetching || checking}>
                {detail.data?.checked && detail.data.result ? (
                  <div data-testid="train-result">
                    <QuResult qu={{ ...detail.data.result, sort: index + 1 }} noScore noVerdict={!scored} />
                  </div>
                ) : qu ? (
                  <>
                    <QuestionPane qu={qu} index={index + 1} valueOf={valueOf} saveState={undefined} answered={false} onChange={onChange} onRetry={() => undefined} plain />
                    {needsConfirm ? (
                      <Button type="primary" style={{ marginTop: 12 }} onClick={confirm} loading={checking} data-testid="train-confirm">确认答案</Button>
                    ) : null}
                  </>
                ) : null}
              </Spin>
              <Space style={{ marginTop: 16 }}>
                <Button disabled={index <= 0} onClick={() => go(index - 1)} data-testid="train-prev">上一题</Button>
                <Button disabled={index < 0 || index >= quList.length - 1} onClick={() => go(index + 1)} data-testid="train-next">下一题</Button>
              </Space>
            </Card>
          </Col>
          <Col xs={24} lg={7}>
            <Card>
              <TrainCard quList={quList} currentId={currentId} scored={scored} onPick={setPicked} />
            </Card>
          </Col>
        </Row>
      </Spin>
    </div>
  );
}
