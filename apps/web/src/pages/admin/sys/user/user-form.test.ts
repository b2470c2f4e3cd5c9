/** The user edit dialog's values ↔ contracts (user-form.ts). */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { userSaveReq, type UserDetail } from '@kaopei/contracts/sys-user-admin';
import { formValuesOf, fromDate, joinZw, NEW_USER_VALUES, saveBodyOf, splitZw, toDate } from './user-form';

const entries = new Set(['01', '02', 'other']);
const isEntry = (v: string) => entries.has(v);

const detail: UserDetail = {
  id: '1234567890123456789',
  userName: 'zhangsan',
  realName: '张三',
  mobile: '13800138000',
  email: 'zs@example.com',
  state: 0,
  state_dictText: '正常',
  deptCode: 'A01A02',
  deptCode_dictText: '财务部',
  roleNames: ['学员'],
  points: 0,
  createTime: '2026-01-02 03:04:05',
  sex: '1',
  mz: '01',
  csrq: '1990-05-06',
  zzmm: '13',
  gzsj: '2012-07-01',
  whcd: '21',
  zw: '01',
  dnzw: '',
  bmmc: '会计科',
  idCard: '11010519491231002X',
  avatar: '/api/common/file/view/abc.png',
  face: '/api/common/file/view/face1.jpg',
  roles: ['r1', 'r2'],
};

describe('dates', () => {
  it('reads yyyy-MM-dd and writes it back; anything else is empty', () => {
    expect(fromDate(toDate('1990-05-06'))).toBe('1990-05-06');
    expect(toDate('')).toBeNull();
    expect(toDate('1990-5-6')).toBeNull();
    expect(toDate('1990-02-30')).toBeNull();
    expect(fromDate(null)).toBe('');
    expect(fromDate(undefined)).toBe('');
  });
});

describe('post (zw) and its typed name (qtzw)', () => {
  it('keeps a dictionary entry, turns a typed name into other + qtzw', () => {
    expect(splitZw('', isEntry)).toEqual({});
    expect(splitZw('01', isEntry)).toEqual({ zw: '01' });
    expect(splitZw('车间主任', isEntry)).toEqual({ zw: 'other', qtzw: '车间主任' });
  });

  it('stores the typed name when other is chosen', () => {
    expect(joinZw('other', ' 车间主任 ')).toBe('车间主任');
    expect(joinZw('01', '忽略')).toBe('01');
    expect(joinZw(undefined, undefined)).toBe('');
  });
});

describe('formValuesOf / saveBodyOf', () => {
  it('loads a user with a blank password and saves the same user back, accepted by the contract', () => {
    const values = formValuesOf(detail, isEntry);
    expect(values.password).toBe('');
    expect(values.avatar).toEqual(['/api/common/file/view/abc.png']);
    expect(values.csrq?.format('YYYY-MM-DD')).toBe('1990-05-06');
    expect(values.dnzw).toBeUndefined();
    const body = saveBodyOf(values, detail.id);
    expect(body).toEqual({
      id: detail.id,
      userName: 'zhangsan',
      realName: '张三',
      deptCode: 'A01A02',
      roles: ['r1', 'r2'],
      password: '',
      mobile: '13800138000',
      email: 'zs@example.com',
      sex: '1',
      mz: '01',
      csrq: '1990-05-06',
      zzmm: '13',
      gzsj: '2012-07-01',
      whcd: '21',
      zw: '01',
      dnzw: '',
      bmmc: '会计科',
      idCard: '11010519491231002X',
      avatar: '/api/common/file/view/abc.png',
    });
    expect(userSaveReq.safeParse(body).success).toBe(true);
  });

  it('sends the face photo only when the face field is shown (faceLogin on), an emptied one as ""', () => {
    const values = formValuesOf(detail, isEntry);
    expect(values.face).toEqual(['/api/common/file/view/face1.jpg']);
    expect('face' in saveBodyOf(values, detail.id)).toBe(false);
    expect(saveBodyOf(values, detail.id, true).face).toBe('/api/common/file/view/face1.jpg');
    expect(saveBodyOf({ ...values, face: [] }, detail.id, true).face).toBe('');
    expect(userSaveReq.safeParse({ ...saveBodyOf(values, detail.id), face: 'http://cdn.example.com/x.jpg' }).error?.issues[0]?.message).toBe('人脸照片必须是上传的jpg/png图片！');
  });

  it('round-trips a typed post name', () => {
    const values = formValuesOf({ ...detail, zw: '车间主任' }, isEntry);
    expect(values).toMatchObject({ zw: 'other', qtzw: '车间主任' });
    expect(saveBodyOf(values, detail.id).zw).toBe('车间主任');
  });

  it('builds a new user: no id, trimmed texts, the password as typed, empty optional fields', () => {
    const body = saveBodyOf({ ...NEW_USER_VALUES, userName: ' lisi ', realName: ' 李四 ', deptCode: 'A01', roles: ['r1'], password: ' Aa1!aaaa', idCard: '11010519491231002x', gzsj: dayjs('2020-01-31') });
    expect(body).toMatchObject({ userName: 'lisi', realName: '李四', password: ' Aa1!aaaa', mobile: '', email: '', csrq: '', gzsj: '2020-01-31', avatar: '', idCard: '11010519491231002X' });
    expect(body).not.toHaveProperty('id');
    expect(userSaveReq.safeParse(body).success).toBe(true);
  });

  it("lets the contract refuse what the spec refuses, with the spec's messages", () => {
    const base = saveBodyOf({ userName: 'lisi', realName: '李四', deptCode: 'A01', roles: ['r1'], password: 'Aa1!aaaa' });
    const msg = (over: object) => {
      const r = userSaveReq.safeParse({ ...base, ...over });
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(msg({})).toBeNull();
    expect(msg({ password: '' })).toBe('密码不能为空！');
    expect(msg({ id: '1234567890123456789', password: '' })).toBeNull();
    expect(msg({ roles: [] })).toBe('必须选择一个角色！');
    expect(msg({ deptCode: '' })).toBe('部门不能为空！');
    expect(msg({ realName: '' })).toBe('姓名不能为空！');
    expect(msg({ userName: '' })).toBe('用户不能为空！');
    expect(msg({ idCard: '123' })).toBe('请输入正确的身份证号');
    expect(msg({ mobile: '123' })).toBe('手机号码格式不正确!');
  });
});
