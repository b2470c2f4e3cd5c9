/**
 * Exam rule editor (contracts `examRule`): rows of [bank select → that bank's available count per
 * type (typeCountList of /api/repo/detail), type select, level (不限 / 普通 / 较难), chapter of the
 * bank (optional), quCount (max = available when neither level nor chapter narrows it), quScore],
 * add and remove. Row errors come from `examRule` plus the availability check; `ruleRowErrors` is
 * used by the form before submitting. What level and chapter leave (and rules sharing questions)
 * the server answers live through check-rules (ExamForm shows the shortfalls).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Select, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QU_TYPE_LABEL, SUPPORTED_QU_TYPES } from '@kaopei/contracts';
import { examRule, RULE_LEVEL_LABEL } from '@kaopei/contracts/exam';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { call } from '../../../api/request';
import { RepoPicker } from '../../../components/RepoPicker';
import { RepoSelect } from '../../../components/RepoSelect';
import { ChapterSelect } from '../../../components/ChapterSelect';

export interface RuleDraft {
  key: string;
  repoId: string;
  quType: number | null;
  /** 0 any, 1 normal, 2 hard. */
  level: number;
  /** '' any chapter. */
  chapterId: string;
  quCount: number | null;
  quScore: number | null;
}

let seq = 0;
export function newRule(init: Partial<RuleDraft> = {}): RuleDraft {
  seq += 1;
  return { key: `rule-${Date.now()}-${seq}`, repoId: '', quType: null, level: 0, chapterId: '', quCount: null, quScore: null, ...init };
}

/** Available live questions of `quType` in a bank, or null while unknown. */
export function availableOf(repo: RepoRecord | undefined, quType: number | null): number | null {
  if (!repo || quType === null) return null;
  return repo.typeCountList.find((t) => t.quType === quType)?.count ?? 0;
}

/** Chinese messages of one row's broken rules (empty = valid). */
export function ruleRowErrors(rule: RuleDraft, available: number | null): string[] {
  const parsed = examRule.safeParse({ repoId: rule.repoId, quType: rule.quType ?? undefined, level: rule.level, chapterId: rule.chapterId, quCount: rule.quCount ?? undefined, quScore: rule.quScore ?? undefined });
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  const narrowed = rule.level !== 0 || rule.chapterId !== '';
  if (!narrowed && available !== null && rule.quCount !== null && rule.quCount > available) errors.push(`抽题数量不能超过可用题数（${available}）！`);
  return [...new Set(errors)];
}

export function useRepoDetail(repoId: string) {
  return useQuery({ queryKey: ['repo-detail', repoId], queryFn: () => call(repoApi.detail, { id: repoId }), enabled: Boolean(repoId), staleTime: 10_000 });
}

interface RowProps {
  index: number;
  rule: RuleDraft;
  showErrors: boolean;
  onChange: (change: Partial<RuleDraft>) => void;
  onRemove: () => void;
}

function RuleRow({ index, rule, showErrors, onChange, onRemove }: RowProps) {
  const repo = useRepoDetail(rule.repoId);
  const available = availableOf(repo.data, rule.quType);
  const errors = showErrors ? ruleRowErrors(rule, available) : [];
  const counts = repo.data?.typeCountList.filter((t) => t.count > 0).map((t) => `${QU_TYPE_LABEL[t.quType] ?? t.quType} ${t.count}`) ?? [];

  return (
    <div className="rule-row" data-testid={`rule-row-${index}`}>
      <div className="rule-fields">
        <div data-testid={`rule-repo-${index}`} className="rule-repo">
          <RepoSelect
            value={rule.repoId || undefined}
            onChange={(v) => onChange({ repoId: v ?? '', chapterId: '' })}
            style={{ width: '100%' }}
            testIdPrefix={`rule-repo-${index}-option`}
          />
        </div>
        <div data-testid={`rule-type-${index}`} className="rule-type">
          <Select<number>
            placeholder="题型"
            value={rule.quType ?? undefined}
            onChange={(v) => onChange({ quType: v })}
            style={{ width: '100%' }}
            options={SUPPORTED_QU_TYPES.map((t) => ({ value: t, label: QU_TYPE_LABEL[t], 'data-testid': `rule-type-${index}-option-${t}` }))}
          />
        </div>
        <div data-testid={`rule-level-${index}`} className="rule-level">
          <Select<number>
            value={rule.level}
            onChange={(v) => onChange({ level: v })}
            style={{ width: '100%' }}
            options={[0, 1, 2].map((l) => ({ value: l, label: RULE_LEVEL_LABEL[l], 'data-testid': `rule-level-${index}-option-${l}` }))}
          />
        </div>
        <div className="rule-chapter">
          <ChapterSelect
            repoId={rule.repoId || undefined}
            testId={`rule-chapter-${index}`}
            placeholder="不限章节"
            allowClear
            value={rule.chapterId || undefined}
            onChange={(v) => onChange({ chapterId: v ?? '' })}
          />
        </div>
        <InputNumber
          className="rule-count"
          placeholder="抽题数量"
          min={1}
          max={rule.level === 0 && !rule.chapterId ? (available ?? undefined) : undefined}
          precision={0}
          value={rule.quCount}
          onChange={(v) => onChange({ quCount: typeof v === 'number' ? v : null })}
          data-testid={`rule-count-${index}`}
        />
        <InputNumber
          className="rule-score"
          placeholder="每题分数"
          min={1}
          precision={0}
          value={rule.quScore}
          onChange={(v) => onChange({ quScore: typeof v === 'number' ? v : null })}
          data-testid={`rule-score-${index}`}
        />
        <Tooltip title="删除规则">
          <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="删除规则" />
        </Tooltip>
      </div>
      <div className="rule-hint">
        <Typography.Text type="secondary">
          可用题数：<span data-testid={`rule-available-${index}`}>{available ?? '-'}</span>
          {counts.length ? `（题库共有：${counts.join('，')}）` : rule.repoId && repo.data ? '（该题库暂无试题）' : ''}
          {rule.quCount && rule.quScore ? `；小计 ${rule.quCount * rule.quScore} 分` : ''}
        </Typography.Text>
      </div>
      {errors.length ? (
        <div className="rule-errors" data-testid={`rule-error-${index}`}>
          {errors.map((e) => (
            <Typography.Text type="danger" key={e}>
              {e}
            </Typography.Text>
          ))}
        </div>
      ) : null}
    </div>
  );
}

interface Props {
  value: RuleDraft[];
  showErrors: boolean;
  onChange: (next: RuleDraft[]) => void;
}

export function RuleEditor({ value, showErrors, onChange }: Props) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="rule-editor">
      <div className="rule-header">
        <span className="rule-repo">题库</span>
        <span className="rule-type">题型</span>
        <span className="rule-level">难度</span>
        <span className="rule-chapter">章节</span>
        <span className="rule-count">抽题数量</span>
        <span className="rule-score">每题分数</span>
      </div>
      {value.map((rule, i) => (
        <RuleRow
          key={rule.key}
          index={i}
          rule={rule}
          showErrors={showErrors}
          onChange={(change) => onChange(value.map((r, j) => (j === i ? { ...r, ...change } : r)))}
          onRemove={() => onChange(value.filter((_, j) => j !== i))}
        />
      ))}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => onChange([...value, newRule()])} data-testid="rule-add">
        添加规则
      </Button>
      {/* SPEC §2 question-bank picker: one new rule per chosen bank (the empty first row is replaced). */}
      <Button type="link" onClick={() => setPicking(true)} data-testid="rule-pick-repos">
        从题库选择器批量添加
      </Button>
      <RepoPicker
        open={picking}
        isExam={1}
        onCancel={() => setPicking(false)}
        onOk={(banks) => {
          setPicking(false);
          const kept = value.filter((r) => r.repoId !== '' || r.quType !== null || r.quCount !== null || r.quScore !== null);
          onChange([...kept, ...banks.map((b) => newRule({ repoId: b.id }))]);
        }}
      />
    </div>
  );
}
