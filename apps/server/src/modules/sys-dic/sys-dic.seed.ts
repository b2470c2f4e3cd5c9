/**
 * The dictionaries SPEC §7 names, with their entries, seeded at every start when missing
 * (SysDicService.seed: by dicCode and value, never overwriting an administrator's edits, never
 * bringing back what an administrator deleted). The data is ours; the codes follow the national
 * standards named in each remark.
 */
import { USER_STATE_LABEL } from '@kaopei/contracts';
import { DicCode, XZZW_OTHER } from '@kaopei/contracts/sys-dic';

export interface SeedValue {
  value: string;
  title: string;
  children?: SeedValue[];
}

export interface SeedDic {
  dicCode: string;
  title: string;
  remark: string;
  values: SeedValue[];
}

/** `[code, title]` pairs → entries. */
const pairs = (list: readonly (readonly [string, string])[]): SeedValue[] => list.map(([value, title]) => ({ value, title }));

/** The 56 ethnic groups of China with their GB/T 3304-1991 codes. */
export const NATIONS = [
  ['01', '汉族'], ['02', '蒙古族'], ['03', '回族'], ['04', '藏族'], ['05', '维吾尔族'], ['06', '苗族'], ['07', '彝族'],
  ['08', '壮族'], ['09', '布依族'], ['10', '朝鲜族'], ['11', '满族'], ['12', '侗族'], ['13', '瑶族'], ['14', '白族'],
  ['15', '土家族'], ['16', '哈尼族'], ['17', '哈萨克族'], ['18', '傣族'], ['19', '黎族'], ['20', '傈僳族'], ['21', '佤族'],
  ['22', '畲族'], ['23', '高山族'], ['24', '拉祜族'], ['25', '水族'], ['26', '东乡族'], ['27', '纳西族'], ['28', '景颇族'],
  ['29', '柯尔克孜族'], ['30', '土族'], ['31', '达斡尔族'], ['32', '仫佬族'], ['33', '羌族'], ['34', '布朗族'], ['35', '撒拉族'],
  ['36', '毛南族'], ['37', '仡佬族'], ['38', '锡伯族'], ['39', '阿昌族'], ['40', '普米族'], ['41', '塔吉克族'], ['42', '怒族'],
  ['43', '乌孜别克族'], ['44', '俄罗斯族'], ['45', '鄂温克族'], ['46', '德昂族'], ['47', '保安族'], ['48', '裕固族'], ['49', '京族'],
  ['50', '塔塔尔族'], ['51', '独龙族'], ['52', '鄂伦春族'], ['53', '赫哲族'], ['54', '门巴族'], ['55', '珞巴族'], ['56', '基诺族'],
] as const;

/** Political affiliation, GB/T 4762-1984 codes with the usual short names. */
const POLITICAL = [
  ['01', '中共党员'], ['02', '中共预备党员'], ['03', '共青团员'], ['04', '民革会员'], ['05', '民盟盟员'], ['06', '民建会员'],
  ['07', '民进会员'], ['08', '农工党党员'], ['09', '致公党党员'], ['10', '九三学社社员'], ['11', '台盟盟员'], ['12', '无党派人士'],
  ['13', '群众'],
] as const;

/** Education, GB/T 4658-2006 codes of the graduates of each level. */
const EDUCATION = [
  ['11', '博士研究生'], ['14', '硕士研究生'], ['21', '大学本科'], ['31', '大学专科'], ['41', '中等专科'], ['61', '高中'],
  ['71', '初中'], ['81', '小学'], ['90', '其他'],
] as const;

/**
 * Administrative posts: the civil-service levels of GB/T 12407-2008 (职务级别代码: 111 省部级正职 …
 * 160 办事员级), grouped under one node per level (110, 120, 130, 140: our codes, the standard has
 * none for a level as such), and 其他.
 */
const XZZW: SeedValue[] = [
  { value: '110', title: '省部级', children: pairs([['111', '省部级正职'], ['112', '省部级副职']]) },
  { value: '120', title: '厅局级', children: pairs([['121', '厅局级正职'], ['122', '厅局级副职']]) },
  { value: '130', title: '县处级', children: pairs([['131', '县处级正职'], ['132', '县处级副职']]) },
  { value: '140', title: '乡科级', children: pairs([['141', '乡科级正职'], ['142', '乡科级副职']]) },
  { value: '150', title: '科员级' },
  { value: '160', title: '办事员级' },
  { value: XZZW_OTHER, title: '其他' },
];

/** Party posts. */
const DNZW = [
  ['01', '书记'], ['02', '副书记'], ['03', '委员'], ['04', '组织委员'], ['05', '宣传委员'], ['06', '纪检委员'], ['07', '党小组组长'],
] as const;

/** Every seeded dictionary, in the order of the category tree. */
export const SEED_DICS: readonly SeedDic[] = [
  { dicCode: DicCode.USER_STATE, title: '用户状态', remark: '账号状态（SPEC §4）', values: Object.entries(USER_STATE_LABEL).map(([value, title]) => ({ value, title })) },
  { dicCode: DicCode.SEX, title: '性别', remark: 'GB/T 2261.1-2003 人的性别代码', values: pairs([['1', '男'], ['2', '女']]) },
  { dicCode: DicCode.NATION, title: '民族', remark: 'GB/T 3304-1991 中国各民族名称的罗马字母拼写法和代码', values: pairs(NATIONS) },
  { dicCode: DicCode.POLITICAL_LANDSCAPE, title: '政治面貌', remark: 'GB/T 4762-1984 政治面貌代码', values: pairs(POLITICAL) },
  { dicCode: DicCode.EDUCATIONAL_LEVEL, title: '学历', remark: 'GB/T 4658-2006 学历代码', values: pairs(EDUCATION) },
  { dicCode: DicCode.XZZW, title: '行政职务', remark: 'GB/T 12407-2008 职务级别代码；选择“其他”时须填写职务名称', values: XZZW },
  { dicCode: DicCode.DNZW, title: '党内职务', remark: '党组织中的职务', values: pairs(DNZW) },
];
