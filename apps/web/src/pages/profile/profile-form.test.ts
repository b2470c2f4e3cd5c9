/** The profile form's rules (SPEC §5 "Profile form") without a browser. */
import { describe, expect, it } from 'vitest';
import { profileUpdateReq, type ProfileDetail } from '@kaopei/contracts/sys-user';
import { submitFailMessage, toFormValues, toPayload, ZW_REQUIRED_MSG } from './profile-form';

const detail = (over: Partial<ProfileDetail> = {}): ProfileDetail => ({
  id: '1', userName: 'zhang', realName: '张三', deptCode: 'A01', deptCode_dictText: '默认部门', mobile: '', avatar: '',
  email: '', sex: '1', mz: '01', csrq: '1990-01-02', zzmm: '13', gzsj: '2012-07-01', whcd: '21', zw: '111', dnzw: '', bmmc: '', idCard: '',
  sex_dictText: '男', mz_dictText: '汉族', zzmm_dictText: '群众', whcd_dictText: '大学本科', zw_dictText: '', dnzw_dictText: '',
  ...over,
});
const POSTS = new Set(['110', '111', '112', 'other']);
const isPost = (v: string) => POSTS.has(v);

describe('profile form', () => {
  it('shows a post of the dictionary as it is, and another post as 其他 with its name in qtzw', () => {
    expect(toFormValues(detail(), isPost)).toMatchObject({ zw: '111', qtzw: '' });
    expect(toFormValues(detail({ zw: '项目经理' }), isPost)).toMatchObject({ zw: 'other', qtzw: '项目经理' });
    expect(toFormValues(detail({ zw: '', dnzw: '01' }), isPost)).toMatchObject({ zw: undefined, qtzw: '', dnzw: '01' });
    // Empty selects stay empty (undefined shows the placeholder), dates and texts stay strings.
    expect(toFormValues(detail({ sex: '', deptCode: '', csrq: '' }), isPost)).toMatchObject({ sex: undefined, deptCode: undefined, csrq: '' });
  });

  it('sends qtzw in place of zw when the post is 其他, and drops qtzw', () => {
    const values = { ...toFormValues(detail(), isPost), zw: 'other', qtzw: ' 项目经理 ' };
    const payload = toPayload(values, { needsBmmc: false, withRealName: true });
    expect(payload.zw).toBe('项目经理');
    expect(payload).not.toHaveProperty('qtzw');
    expect(profileUpdateReq.safeParse(payload).success).toBe(true);
    // A post of the dictionary goes as it is.
    expect(toPayload(toFormValues(detail(), isPost), { needsBmmc: false, withRealName: true }).zw).toBe('111');
  });

  it('sends bmmc only when the unit asks for it, and the real name only without face login', () => {
    const values = { ...toFormValues(detail(), isPost), bmmc: ' 财务科 ' };
    expect(toPayload(values, { needsBmmc: true, withRealName: true })).toMatchObject({ bmmc: '财务科', realName: '张三' });
    expect(toPayload(values, { needsBmmc: false, withRealName: true }).bmmc).toBe('');
    expect(toPayload(values, { needsBmmc: false, withRealName: false })).not.toHaveProperty('realName');
  });

  it('gives a payload the server contract accepts, and the contract refuses what the form would refuse', () => {
    const ok = toPayload({ ...toFormValues(detail(), isPost), idCard: '11010519491231002x' }, { needsBmmc: false, withRealName: true });
    expect(ok.idCard).toBe('11010519491231002X');
    expect(profileUpdateReq.safeParse(ok).success).toBe(true);
    const noPost = toPayload({ ...toFormValues(detail(), isPost), zw: undefined, dnzw: undefined }, { needsBmmc: false, withRealName: true });
    expect(profileUpdateReq.safeParse(noPost).error?.issues[0]?.message).toBe(ZW_REQUIRED_MSG);
    const partyOnly = toPayload({ ...toFormValues(detail(), isPost), zw: undefined, dnzw: '01' }, { needsBmmc: false, withRealName: true });
    expect(profileUpdateReq.safeParse(partyOnly).success).toBe(true);
    const noSex = toPayload({ ...toFormValues(detail(), isPost), sex: undefined }, { needsBmmc: false, withRealName: true });
    expect(profileUpdateReq.safeParse(noSex).error?.issues[0]?.message).toBe('请完善必填项');
  });

  it("says '请选择职务' when only the post is missing, '请完善必填项' otherwise", () => {
    expect(submitFailMessage([{ errors: [ZW_REQUIRED_MSG] }])).toBe('请选择职务');
    expect(submitFailMessage([{ errors: [ZW_REQUIRED_MSG] }, { errors: ['请完善必填项'] }])).toBe('请完善必填项');
    expect(submitFailMessage([{ errors: ['请选择所属单位'] }])).toBe('请完善必填项');
    expect(submitFailMessage([])).toBe('请完善必填项');
  });
});
