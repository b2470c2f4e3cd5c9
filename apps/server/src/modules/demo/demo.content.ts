/**
 * Demo content written by the Kaopei team (not taken from any other project): one bank of 24
 * questions on workplace safety (12 single, 6 multiple, 6 true/false) and one exam open to all.
 */
interface DemoQu {
  quType: 1 | 2 | 3;
  content: string;
  analysis: string;
  options: [string, boolean][];
}

const judge = (content: string, right: boolean, analysis: string): DemoQu => ({
  quType: 3,
  content,
  analysis,
  options: [
    ['正确', right],
    ['错误', !right],
  ],
});

export const DEMO_BANK_TITLE = '安全生产基础知识（演示）';
export const DEMO_EXAM_TITLE = '安全生产基础知识测验（演示）';

export const DEMO_QUESTIONS: DemoQu[] = [
  { quType: 1, content: '发现办公室电器起火，首先应该做的是：', analysis: '先切断电源，防止触电和火势扩大，再用干粉灭火器扑救。', options: [['用水浇灭', false], ['切断电源', true], ['打开窗户通风', false], ['继续工作观察', false]] },
  { quType: 1, content: '我国的火警报警电话是：', analysis: '火警 119，急救 120，匪警 110。', options: [['110', false], ['120', false], ['119', true], ['122', false]] },
  { quType: 1, content: '使用干粉灭火器时，喷嘴应对准：', analysis: '对准火焰根部才能覆盖燃烧物。', options: [['火焰顶部', false], ['火焰根部', true], ['烟雾最浓处', false], ['任意位置', false]] },
  { quType: 1, content: '在高处作业时，安全带应当：', analysis: '安全带应高挂低用，减小坠落距离。', options: [['低挂高用', false], ['高挂低用', true], ['随意悬挂', false], ['系在腰间即可', false]] },
  { quType: 1, content: '火灾逃生时，正确的做法是：', analysis: '烟气向上聚集，应用湿毛巾捂住口鼻、弯腰低姿沿疏散通道撤离，不可乘电梯。', options: [['乘坐电梯快速下楼', false], ['弯腰低姿，用湿毛巾捂住口鼻撤离', true], ['躲到床底下等待', false], ['返回取贵重物品', false]] },
  { quType: 1, content: '安全色中，表示“禁止、停止”的颜色是：', analysis: '红色表示禁止、停止；黄色表示警告；蓝色表示指令；绿色表示提示。', options: [['红色', true], ['黄色', false], ['蓝色', false], ['绿色', false]] },
  { quType: 1, content: '新员工上岗前必须接受的安全教育是：', analysis: '三级安全教育指公司级、部门级、班组级。', options: [['一级安全教育', false], ['三级安全教育', true], ['年度复训', false], ['无需培训', false]] },
  { quType: 1, content: '发生触电事故时，首先应：', analysis: '先使触电者脱离电源，切不可直接用手拉触电者。', options: [['直接用手把人拉开', false], ['立即切断电源', true], ['往触电者身上泼水', false], ['离开现场', false]] },
  { quType: 1, content: '办公室电源插座上最不应该做的是：', analysis: '多个大功率电器同时接在一个插座上容易过载起火。', options: [['接入台灯', false], ['串接多个插线板并接入大功率电器', true], ['给手机充电', false], ['离开时关闭开关', false]] },
  { quType: 1, content: '“安全第一、预防为主、综合治理”是我国的：', analysis: '这是《安全生产法》规定的安全生产工作方针。', options: [['安全生产工作方针', true], ['环境保护原则', false], ['劳动合同条款', false], ['消防演练口号', false]] },
  { quType: 1, content: '应急疏散通道应当：', analysis: '疏散通道必须保持畅通，严禁堆放杂物或锁闭。', options: [['用来堆放纸箱', false], ['平时锁闭以防盗', false], ['保持畅通、标志清晰', true], ['仅在演练时开放', false]] },
  { quType: 1, content: '使用电脑时，为保护眼睛，连续工作一段时间后应：', analysis: '建议每工作约一小时休息片刻，远眺放松。', options: [['一直工作到下班', false], ['适当休息并远眺', true], ['调高屏幕亮度', false], ['靠近屏幕', false]] },
  { quType: 2, content: '下列属于常见灭火方法的有：', analysis: '灭火的基本方法有冷却、窒息、隔离和化学抑制。', options: [['冷却法', true], ['窒息法', true], ['隔离法', true], ['助燃法', false]] },
  { quType: 2, content: '发现有人煤气中毒，应当：', analysis: '关闭气源、开窗通风、将中毒者移至空气新鲜处；室内不可开关电器以免引爆。', options: [['立即关闭气源', true], ['打开门窗通风', true], ['在室内打开排风扇开关', false], ['将中毒者移到空气新鲜处', true]] },
  { quType: 2, content: '劳动者在安全生产方面享有的权利包括：', analysis: '劳动者享有知情权、建议权、拒绝违章指挥权等。', options: [['了解作业场所危险因素', true], ['拒绝违章指挥和强令冒险作业', true], ['对安全工作提出建议', true], ['随意拆除安全装置', false]] },
  { quType: 2, content: '下列行为中，属于违章作业的有：', analysis: '不按规定佩戴防护用品、酒后作业、擅自拆除防护装置都属违章。', options: [['进入施工现场不戴安全帽', true], ['酒后操作机械设备', true], ['按规程佩戴防护用品', false], ['擅自拆除防护装置', true]] },
  { quType: 2, content: '办公场所防火应做到：', analysis: '人走断电、不私拉电线、不乱扔烟头都是基本要求。', options: [['下班时关闭电器电源', true], ['私拉乱接电线', false], ['不在禁烟区吸烟', true], ['熟悉灭火器位置', true]] },
  { quType: 2, content: '发生地震时，在室内可以采取的避险方式有：', analysis: '就近躲在坚固家具旁或承重墙墙角，远离窗户；不要乘电梯或跳楼。', options: [['躲在坚固桌子下', true], ['远离窗户和玻璃', true], ['乘坐电梯逃离', false], ['护住头颈部', true]] },
  judge('灭火器压力表指针在绿色区域，表示压力正常。', true, '指针在绿区为正常，红区表示压力不足，黄区表示压力过高。'),
  judge('电器设备起火时，可以直接用水扑救。', false, '带电设备起火用水扑救会导致触电，应先断电并使用干粉或二氧化碳灭火器。'),
  judge('安全出口的指示标志应保持常亮。', true, '疏散指示标志应常亮，保证紧急情况下可见。'),
  judge('身体不适时可以带病从事高处作业。', false, '身体不适会影响判断与平衡，不得从事高处作业。'),
  judge('发现安全隐患应及时向负责人报告。', true, '及时报告隐患是每位员工的义务。'),
  judge('为了方便，可以把消防通道用作临时停车位。', false, '占用消防通道违反消防法规，会延误救援。'),
];

/** Rules of the demo exam: 10 single × 4 + 5 multiple × 6 + 6 true/false × 5 = 100 points. */
export const DEMO_EXAM_RULES = [
  { quType: 1, quCount: 10, quScore: 4 },
  { quType: 2, quCount: 5, quScore: 6 },
  { quType: 3, quCount: 6, quScore: 5 },
] as const;
