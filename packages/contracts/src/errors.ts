/**
 * The one error table of Kaopei (ARCHITECTURE §3, SPEC §8).
 *
 * Every business failure answers HTTP 200 with `{code, msg, data, success:false}`; `code` is one of
 * the numbers below and `msg` the Chinese text shown to the user (a service may replace the default
 * text with a more precise one, e.g. naming the rule or the row that failed). HTTP 4xx/5xx are only
 * used for transport faults (unknown route, body too large, rate limited, crash).
 */
export const ErrorCode = {
  /** Success. */
  OK: 0,
  /** Bad parameters: missing fields, wrong types, failed validation. */
  BAD_PARAMS: 10010001,
  /** Not logged in, or token unknown/expired. The web client resets its token and reloads. */
  NOT_LOGGED_IN: 10010002,
  /** The requested record does not exist (or is not visible to the caller). */
  NOT_FOUND: 10010003,
  /** The caller lacks the permission code the call needs. */
  NO_PERMISSION: 10010004,
  /** Too many attempts (login rate limit); answered with HTTP 429. */
  TOO_MANY_REQUESTS: 10010005,
  /** A question of the paper was deleted (SPEC §8: the client goes back to the exam list). */
  QU_DELETED: 20010001,
  /** The learner already has a paper in progress for this exam; data carries `{id}` of that paper. */
  EXAM_IN_PROGRESS: 20010002,
  /** The exam's attempts (chance) are used up. */
  EXAM_NO_CHANCE: 20010003,
  /** The exam is not open now (window not started, ended, or exam disabled). */
  EXAM_NOT_OPEN: 20010004,
  /** The paper is already handed in; answers can no longer change. */
  PAPER_HANDED: 20010005,
  /** The paper's time is up (server clock); answers can no longer change. */
  PAPER_TIMEOUT: 20010006,
  /** The paper's result is not available before hand-in. */
  PAPER_NOT_HANDED: 20010007,
  /** An exam rule asks for more questions than its bank holds. */
  RULE_SHORT: 20010008,
  /** A spreadsheet import was refused; data carries `{imported:0, errors:[{row,msg}]}`. */
  IMPORT_INVALID: 20010009,
  /** A bank still holds questions or is used by an exam and cannot be deleted. */
  REPO_IN_USE: 20010010,
  /** The user name is taken. */
  USER_EXISTS: 90010001,
  /** Wrong account or password. */
  BAD_CREDENTIALS: 90010002,
  /** Registration is closed by the site's switch configuration. */
  REG_CLOSED: 90010003,
  /** The old password does not match. */
  OLD_PASSWORD_WRONG: 90010004,
  /** The account is disabled. */
  ACCOUNT_DISABLED: 90010005,
  /** An admin-side user without any generated menu (SPEC §6). */
  NO_MENUS: 90010006,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default Chinese message for each code. */
export const ErrorMsg: Record<ErrorCodeValue, string> = {
  [ErrorCode.OK]: '操作成功！',
  [ErrorCode.BAD_PARAMS]: '缺少必要参数或参数类型不正确。',
  [ErrorCode.NOT_LOGGED_IN]: '您的登录已失效，请重新登录！',
  [ErrorCode.NOT_FOUND]: '数据不存在或已被删除！',
  [ErrorCode.NO_PERMISSION]: '无相关权限！',
  [ErrorCode.TOO_MANY_REQUESTS]: '尝试次数过多，请稍后再试！',
  [ErrorCode.QU_DELETED]: '试题已被删除，无法继续考试！',
  [ErrorCode.EXAM_IN_PROGRESS]: '您有正在进行的考试，请继续作答！',
  [ErrorCode.EXAM_NO_CHANCE]: '考试次数已用完！',
  [ErrorCode.EXAM_NOT_OPEN]: '考试不在开放时间内！',
  [ErrorCode.PAPER_HANDED]: '试卷已交卷，不能再作答！',
  [ErrorCode.PAPER_TIMEOUT]: '考试时间已到，不能再作答！',
  [ErrorCode.PAPER_NOT_HANDED]: '试卷尚未交卷，暂不能查看成绩！',
  [ErrorCode.RULE_SHORT]: '题库试题数量不足！',
  [ErrorCode.IMPORT_INVALID]: '导入数据有误，未导入任何试题！',
  [ErrorCode.REPO_IN_USE]: '题库正在被使用，不能删除！',
  [ErrorCode.USER_EXISTS]: '用户名已存在！',
  [ErrorCode.BAD_CREDENTIALS]: '账号或密码错误！',
  [ErrorCode.REG_CLOSED]: '系统未开放注册！',
  [ErrorCode.OLD_PASSWORD_WRONG]: '旧密码不正确！',
  [ErrorCode.ACCOUNT_DISABLED]: '账号已被禁用，请联系管理员！',
  [ErrorCode.NO_MENUS]: '您无权访问此系统，请联系管理员进行菜单授权！',
};
