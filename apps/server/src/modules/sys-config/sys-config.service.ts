/**
 * Site and switch configuration (SPEC §2 "Base-config page", "System switch configuration form";
 * §3 "Site config", "Switch config"; §7 /api/sys/config/detail, /save, /switch/detail, /switch/save).
 *
 * Both are one row (id "1") in this module's tables, created from the environment when missing
 * (the first start, or the first start of an installation upgraded from the version that read the
 * environment at every request): KAOPEI_SITE_NAME, KAOPEI_COPYRIGHT, KAOPEI_FILING_NO give the site
 * name, copyright and filing number, KAOPEI_USER_REG the registration switch. After that the
 * administrator's saves are the truth and the variables are no longer read.
 *
 * What the public site call and other modules read (`site()`, `switches()`) is cached in the process
 * and dropped on every save in every process (bus topic `sys-config.changed`, Redis pub/sub with
 * REDIS_URL), and after CONFIG_CACHE_MS at the latest (the bound for several processes sharing one
 * database without Redis).
 */
import { SITE_CONFIG_ID, SysConfigError, isDirPath, type FaceAudit, type SiteConfig, type SiteConfigSaveReq, type SiteInfo, type SwitchConfig } from '@kaopei/contracts/sys-config';
import type { ModuleContext } from '../../platform/module';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now } from '../../lib/time';
import { DEFAULT_DEPT_CODE } from '../sys-depart/sys-depart.constants';
import * as repo from './sys-config.repository';
import { SysConfigPropService } from './sys-config-prop.service';
import type { SysConfigTable, SysSwitchConfigTable } from './sys-config.tables';

/** Bus topic: the configuration changed (every process drops its cached copy). */
export const CONFIG_CHANGED = 'sys-config.changed';
/** Longest life of the cached configuration (ms). */
export const CONFIG_CACHE_MS = 30_000;

/** Both rows as read together. */
interface Snapshot {
  config: SysConfigTable;
  switches: SysSwitchConfigTable;
}

const bit = (b: boolean) => (b ? 1 : 0);
const FACE_AUDITS: readonly string[] = ['no', 'manual', 'auto'] satisfies FaceAudit[];

/** The switch row as the API shapes it (flags as booleans; unknown stored values read as the defaults). */
function toSwitchConfig(r: SysSwitchConfigTable): SwitchConfig {
  return {
    userReg: r.userReg === 1,
    userAudit: r.userAudit === 1,
    userDeptType: r.userDeptType === 1 ? 1 : 0,
    userDeptCode: r.userDeptCode,
    mobileLogin: r.mobileLogin === 1,
    wechatLogin: r.wechatLogin === 1,
    faceLogin: r.faceLogin === 1,
    cropLogin: r.cropLogin === 1,
    dingLogin: r.dingLogin === 1,
    faceAudit: (FACE_AUDITS.includes(r.faceAudit) ? r.faceAudit : 'no') as FaceAudit,
    loginTick: r.loginTick === 1 ? 1 : 0,
    moduleBattle: r.moduleBattle === 1,
  };
}

export class SysConfigService {
  private cached: { value: Snapshot; at: number } | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Bumped by every invalidation: a read that started before it does not refill the cache. */
  private generation = 0;
  /** Names of the modules present (set at start, `useModules`). */
  private modules = new Set<string>();

  /** Provider configurations (storage; later face and live): /api/sys/config/prop/*. */
  readonly props: SysConfigPropService;

  constructor(private readonly ctx: ModuleContext) {
    this.props = new SysConfigPropService(ctx);
    ctx.bus.subscribe(CONFIG_CHANGED, () => this.invalidate());
  }

  /** Called at start with the names of the modules present: site flags of modules without a switch (props.moduleCourse, props.moduleCert) follow them. */
  useModules(names: readonly string[]): void {
    this.modules = new Set(names);
  }

  // ------------------------------------------------------------ reads for everybody

  /**
   * Site data as loaded for display (SPEC §3), answered by the public POST /api/sys/config/site
   * before login: site name, logos, copyright html, filing number, userReg and the login-method
   * flags, module flags. Never the temp directory, the mobile host or storage details. Cached.
   */
  async site(): Promise<SiteInfo> {
    const { config: c, switches } = await this.snapshot();
    const s = toSwitchConfig(switches);
    return {
      siteName: c.siteName,
      frontLogo: c.frontLogo,
      backLogo: c.backLogo,
      copyRight: c.copyRight,
      filingNo: c.filingNo,
      userReg: s.userReg,
      userAudit: s.userAudit,
      userDeptType: s.userDeptType,
      mobileLogin: s.mobileLogin,
      wechatLogin: s.wechatLogin,
      cropLogin: s.cropLogin,
      dingLogin: s.dingLogin,
      faceLogin: s.faceLogin,
      moduleExam: true,
      moduleBattle: s.moduleBattle,
      props: { moduleCourse: this.modules.has('course'), moduleCert: this.modules.has('cert') },
    };
  }

  /**
   * The switch configuration (SPEC §3 "Switch config"), for other modules (declare 'sysConfig' in
   * `deps`): sys-user applies userReg (self-registration open), userAudit (a new learner waits for
   * approval), userDeptType/userDeptCode (0: the learner chooses a department; 1: every learner goes
   * to department userDeptCode), loginTick (0: several sessions; 1: a login ends the user's earlier
   * sessions) and the login-method flags. Cached in the process (see the file comment): cheap
   * enough to call on every login or registration; a save is seen at once in the saving process and
   * through the bus in the others.
   */
  async switches(): Promise<SwitchConfig> {
    return toSwitchConfig((await this.snapshot()).switches);
  }

  // ------------------------------------------------------------ administrator pages

  /** POST /api/sys/config/detail {id "1"}: the base configuration; 90050001 for any other id. */
  async detail(id: string): Promise<SiteConfig> {
    if (id !== SITE_CONFIG_ID) throw new AppError(SysConfigError.CONFIG_NOT_FOUND);
    const row = await this.stored(() => repo.findConfig(this.ctx.db, SITE_CONFIG_ID));
    return {
      id: row.id,
      siteName: row.siteName,
      backLogo: row.backLogo,
      frontLogo: row.frontLogo,
      tmpDir: row.tmpDir,
      copyRight: row.copyRight,
      filingNo: row.filingNo,
      h5Host: row.h5Host,
      updateTime: formatTimeStrict(row.updateTime),
    };
  }

  /**
   * POST /api/sys/config/save: replaces the base configuration (validated by the contracts: the
   * SPEC §5 URL and directory rules); the copyright is sanitised rich text. 90050001 for an id
   * other than "1". The public site call answers the new values at once.
   */
  async save(req: SiteConfigSaveReq, userId: string): Promise<void> {
    if (req.id !== SITE_CONFIG_ID) throw new AppError(SysConfigError.CONFIG_NOT_FOUND);
    const at = now();
    await repo.upsertConfig(this.ctx.db, {
      id: SITE_CONFIG_ID,
      siteName: req.siteName,
      backLogo: req.backLogo,
      frontLogo: req.frontLogo,
      tmpDir: req.tmpDir,
      copyRight: sanitizeRichText(req.copyRight),
      filingNo: req.filingNo,
      h5Host: req.h5Host,
      updateBy: userId,
      createTime: at,
      updateTime: at,
    });
    await this.changed();
  }

  /** POST /api/sys/config/switch/detail: the switch configuration as stored (not cached). */
  async switchDetail(): Promise<SwitchConfig> {
    return toSwitchConfig(await this.stored(() => repo.findSwitchConfig(this.ctx.db, SITE_CONFIG_ID)));
  }

  /** POST /api/sys/config/switch/save: replaces the switch configuration; `switches()` and the site call see it at once. */
  async saveSwitch(req: SwitchConfig, userId: string): Promise<void> {
    const at = now();
    await repo.upsertSwitchConfig(this.ctx.db, {
      id: SITE_CONFIG_ID,
      userReg: bit(req.userReg),
      userAudit: bit(req.userAudit),
      userDeptType: req.userDeptType,
      userDeptCode: req.userDeptCode,
      mobileLogin: bit(req.mobileLogin),
      wechatLogin: bit(req.wechatLogin),
      faceLogin: bit(req.faceLogin),
      cropLogin: bit(req.cropLogin),
      dingLogin: bit(req.dingLogin),
      faceAudit: req.faceAudit,
      loginTick: req.loginTick,
      moduleBattle: bit(req.moduleBattle),
      updateBy: userId,
      createTime: at,
      updateTime: at,
    });
    await this.changed();
  }

  // ------------------------------------------------------------ start and cache

  /**
   * Creates each row that is missing from the environment defaults (module `start`, every start:
   * the first start of a new or an upgraded installation creates them, later starts find them and
   * change nothing; several processes starting at once insert one row). Existing rows are never
   * touched, so an administrator's saves survive restarts whatever the environment says.
   */
  async ensureDefaults(): Promise<void> {
    const { site, dataDir } = this.ctx.config;
    const at = now();
    const tmpDir = `${dataDir.replace(/\\/g, '/').replace(/\/+$/, '')}/tmp/`;
    await repo.insertConfigIfMissing(this.ctx.db, {
      id: SITE_CONFIG_ID,
      siteName: site.siteName.trim().slice(0, 50) || '考培',
      backLogo: '',
      frontLogo: '',
      tmpDir: isDirPath(tmpDir) && tmpDir.length <= 255 ? tmpDir : '/tmp/kaopei/',
      copyRight: sanitizeRichText(site.copyRight.trim().slice(0, 2000)),
      filingNo: site.filingNo.trim().slice(0, 50),
      h5Host: '/',
      updateBy: '',
      createTime: at,
      updateTime: at,
    });
    await repo.insertSwitchConfigIfMissing(this.ctx.db, {
      id: SITE_CONFIG_ID,
      userReg: bit(site.userReg),
      userAudit: 0,
      userDeptType: 0,
      userDeptCode: DEFAULT_DEPT_CODE,
      mobileLogin: 0,
      wechatLogin: 0,
      faceLogin: 0,
      cropLogin: 0,
      dingLogin: 0,
      faceAudit: 'no',
      loginTick: 0,
      moduleBattle: 0,
      updateBy: '',
      createTime: at,
      updateTime: at,
    });
  }

  /** A stored row; when it is missing (removed by hand) the defaults are created first. */
  private async stored<T>(find: () => Promise<T | undefined>): Promise<T> {
    const row = (await find()) ?? (await this.ensureDefaults().then(find));
    if (!row) throw new Error('sys-config: the configuration rows cannot be created');
    return row;
  }

  /** Drops this process's copy at once, then tells the others. */
  private async changed(): Promise<void> {
    this.invalidate();
    await this.ctx.bus.publish(CONFIG_CHANGED);
  }

  private invalidate(): void {
    this.generation++;
    this.cached = null;
    this.loading = null;
  }

  /** Both rows, from the cache when fresh; one read at a time fills it. */
  private async snapshot(): Promise<Snapshot> {
    const c = this.cached;
    if (c && now() - c.at < CONFIG_CACHE_MS) return c.value;
    if (!this.loading) {
      const gen = this.generation;
      const load = this.read().then(
        (value) => {
          if (gen === this.generation) this.cached = { value, at: now() };
          if (this.loading === load) this.loading = null;
          return value;
        },
        (err: unknown) => {
          if (this.loading === load) this.loading = null;
          throw err;
        },
      );
      this.loading = load;
    }
    return this.loading;
  }

  private async read(): Promise<Snapshot> {
    const db = this.ctx.db;
    const [config, switches] = await Promise.all([this.stored(() => repo.findConfig(db, SITE_CONFIG_ID)), this.stored(() => repo.findSwitchConfig(db, SITE_CONFIG_ID))]);
    return { config, switches };
  }
}
