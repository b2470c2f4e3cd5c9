/**
 * The "open to" fields of a form (SPEC §3 openType 1 public / 2 departments / 3 named people, the
 * rule of lib/open-to.ts on the server), shared by the course and training-class forms: 开放类型,
 * then the department tree (sub-departments included) or the people picker, each required when its
 * type is chosen. Field names: openType, deptCodes, userIds. `active`: the form is open (the
 * department tree loads only then); `usersLabel` names the people field; test ids `${testId}-open-type`, `-depts`, `-users`.
 */
import { Form, Radio, TreeSelect } from 'antd';
import { OPEN_TYPE_LABEL } from '@kaopei/contracts';
import { useDepartOptions } from './DepartSelect';
import { UserSelectField } from './UserSelect';

const OPEN_TYPES = [1, 2, 3].map((v) => ({ value: v, label: OPEN_TYPE_LABEL[v] }));

export function OpenToFields({ active, testId, usersLabel = '开放人员' }: { active: boolean; testId: string; usersLabel?: string }) {
  const form = Form.useFormInstance();
  const departs = useDepartOptions(active);
  const openType = (Form.useWatch('openType', form) as number | undefined) ?? 1;
  return (
    <>
      <Form.Item name="openType" label="开放类型">
        <Radio.Group options={OPEN_TYPES} data-testid={`${testId}-open-type`} />
      </Form.Item>
      {openType === 2 ? (
        <Form.Item name="deptCodes" label="开放的部门（含下级部门）" required rules={[{ required: true, type: 'array', min: 1, message: '请选择开放的部门！' }]}>
          <TreeSelect<string[]> multiple allowClear treeData={departs.data ?? []} loading={departs.isFetching} showSearch={{ treeNodeFilterProp: 'title' }} placeholder="请选择部门" style={{ maxWidth: 500 }} data-testid={`${testId}-depts`} />
        </Form.Item>
      ) : null}
      {openType === 3 ? (
        <Form.Item name="userIds" label={usersLabel} required rules={[{ required: true, type: 'array', min: 1, message: '请选择开放的人员！' }]}>
          <UserSelectField testId={`${testId}-users`} />
        </Form.Item>
      ) : null}
    </>
  );
}
