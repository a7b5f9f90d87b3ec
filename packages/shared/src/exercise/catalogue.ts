import type { PlanLine } from './goals';
import type { FitnessClassify } from './options';

/**
 * The exercise catalogue every install starts with (migration 019_fitness_library.sql is written from these
 * rows; apps/server/src/modules/fitness-library/catalogue.test.ts holds the two equal). Staff maintain the
 * catalogue in /main/fitness/{items,template,principles} afterwards; a later change to what ships goes into a
 * new migration.
 *
 * MET values and codes: Compendium of Physical Activities 2011 (Ainsworth BE et al., Med Sci Sports Exerc
 * 2011;43:1575–1581), as listed in reference/MEDICAL.md "Exercise energy" where it lists them. The age range of
 * each item is this catalogue's suggestion (not part of the Compendium); a prescription still looks at the person.
 */

export interface ShippedItem {
  name: string;
  /** Compendium 2011 activity code (five digits). */
  code: string;
  met: number;
  /** SPORT_TYPES code. */
  sportType: 1 | 2 | 3 | 4;
  /** FITNESS_CATEGORIES code. */
  category: number;
  ageMin: number;
  ageMax: number;
  /** Running or jumping: repeated landings load knees and ankles (left out for obesity and joint problems). */
  highImpact: boolean;
  /** The Compendium's own description, in Chinese. */
  compendium: string;
}

const A = 1; // 有氧耐力
const R = 2; // 抗阻力量
const F = 3; // 柔韧拉伸
const B = 4; // 平衡协调

const item = (
  name: string,
  code: string,
  met: number,
  sportType: ShippedItem['sportType'],
  category: number,
  [ageMin, ageMax]: [number, number],
  compendium: string,
  highImpact = false,
): ShippedItem => ({ name, code, met, sportType, category, ageMin, ageMax, highImpact, compendium });

export const SHIPPED_FITNESS_ITEMS: readonly ShippedItem[] = [
  // 1 步行/跑步
  item('散步（慢速）', '17151', 2.0, A, 1, [18, 90], '平地步行，低于3.2公里/小时，闲逛，很慢'),
  item('步行（约4公里/小时）', '17170', 3.0, A, 1, [18, 90], '平地步行，约4公里/小时（2.5英里/小时），坚实路面'),
  item('步行（约4.5–5.1公里/小时）', '17190', 3.5, A, 1, [18, 85], '平地步行，4.5–5.1公里/小时，中速，坚实路面'),
  item('快走（约5.6公里/小时）', '17200', 4.3, A, 1, [18, 80], '平地快走，约5.6公里/小时，以锻炼为目的'),
  item('快走（约6.4公里/小时）', '17220', 5.0, A, 1, [18, 75], '平地步行，约6.4公里/小时，很快，坚实路面'),
  item('健步走（约7.2公里/小时）', '17230', 7.0, A, 1, [18, 65], '平地步行，约7.2公里/小时，非常快'),
  item('北欧式健走（持杖，中速）', '17302', 4.8, A, 1, [18, 80], '持杖健走，5.6–6.4公里/小时，平地，中速'),
  item('上坡步行（坡度1%–5%）', '17210', 5.3, A, 1, [18, 70], '上坡步行，4.7–5.6公里/小时，坡度1%–5%'),
  item('走跑交替', '12010', 6.0, A, 1, [18, 60], '慢跑与步行交替，每段慢跑少于10分钟', true),
  item('慢跑', '12020', 7.0, A, 1, [18, 60], '慢跑，一般', true),
  item('跑步（约8公里/小时）', '12030', 8.3, A, 1, [18, 55], '跑步，约8公里/小时（每公里7.5分钟）', true),
  item('跑步（约9.7公里/小时）', '12050', 9.8, A, 1, [18, 50], '跑步，约9.7公里/小时（每公里6.2分钟）', true),
  // 2 骑行
  item('休闲骑行（约9公里/小时）', '01018', 3.5, A, 2, [18, 80], '休闲骑自行车，约8.9公里/小时'),
  item('骑自行车（16公里/小时以下）', '01010', 4.0, A, 2, [18, 75], '骑自行车，低于16公里/小时，休闲、通勤'),
  item('骑自行车（16–19公里/小时）', '01020', 6.8, A, 2, [18, 65], '骑自行车，16–19公里/小时，休闲，轻度用力'),
  item('骑自行车（19–22公里/小时）', '01030', 8.0, A, 2, [18, 55], '骑自行车，19–22公里/小时，中等用力'),
  // 3 游泳/水中运动
  item('休闲游泳', '18310', 6.0, A, 3, [18, 75], '游泳，休闲，非来回计圈，一般'),
  item('自由泳（慢速）', '18250', 5.8, A, 3, [18, 75], '自由泳计圈游，慢速，轻至中等用力'),
  item('蛙泳（休闲）', '18280', 5.3, A, 3, [18, 80], '蛙泳，休闲'),
  item('仰泳（休闲）', '18262', 4.8, A, 3, [18, 80], '仰泳，休闲'),
  item('水中有氧操', '02120', 5.3, A, 3, [18, 85], '水中有氧操、水中健身操'),
  item('水中步行（中速）', '18368', 4.5, A, 3, [18, 85], '水中步行，中等用力，中速'),
  item('水中慢走', '18367', 2.5, A, 3, [18, 90], '水中步行，轻度用力，慢速'),
  // 4 球类
  item('羽毛球（娱乐）', '15030', 5.5, A, 4, [18, 70], '羽毛球，娱乐性单打或双打，一般'),
  item('羽毛球（比赛）', '15020', 7.0, A, 4, [18, 50], '羽毛球，比赛', true),
  item('乒乓球', '15660', 4.0, A, 4, [18, 80], '乒乓球'),
  item('篮球（一般）', '15055', 6.5, A, 4, [18, 50], '篮球，一般', true),
  item('篮球（比赛）', '15040', 8.0, A, 4, [18, 45], '篮球，比赛', true),
  item('网球（一般）', '15675', 7.3, A, 4, [18, 60], '网球，一般', true),
  item('网球（双打）', '15680', 6.0, A, 4, [18, 70], '网球，双打'),
  item('排球（一般）', '15710', 4.0, A, 4, [18, 65], '排球，一般'),
  item('非竞技排球（含气排球）', '15720', 3.0, A, 4, [18, 75], '排球，非比赛，每队6–9人，一般'),
  item('足球（休闲）', '15610', 7.0, A, 4, [18, 50], '足球，休闲，一般', true),
  item('门球（参照槌球）', '15160', 3.3, A, 4, [18, 90], '槌球'),
  item('高尔夫（一般）', '15255', 4.8, A, 4, [18, 80], '高尔夫，一般'),
  // 5 传统健身
  item('太极拳', '15670', 3.0, B, 5, [18, 90], '太极拳、气功，一般'),
  item('八段锦', '15670', 3.0, F, 5, [18, 90], '太极拳、气功，一般（八段锦按气功计）'),
  item('五禽戏', '15670', 3.0, B, 5, [18, 90], '太极拳、气功，一般（五禽戏按气功计）'),
  item('坐式太极/气功', '15672', 1.5, F, 5, [18, 95], '太极拳、气功，坐姿，轻度用力'),
  item('武术（慢速练习）', '15425', 5.3, A, 5, [18, 60], '各类武术，慢速，初学者练习'),
  // 6 舞蹈/健身操
  item('广场舞', '03025', 4.5, A, 6, [18, 80], '民族舞、民间舞（广场舞按此计）'),
  item('交谊舞（慢速）', '03040', 3.0, A, 6, [18, 85], '交谊舞，慢速（华尔兹、狐步等）'),
  item('交谊舞（快速）', '03030', 5.5, A, 6, [18, 70], '交谊舞，快速'),
  item('低冲击有氧操', '03020', 5.0, A, 6, [18, 75], '有氧操，低冲击'),
  item('高冲击有氧操', '03021', 7.3, A, 6, [18, 50], '有氧操，高冲击', true),
  item('踏板操（15–20厘米台阶）', '03016', 7.5, A, 6, [18, 50], '踏板有氧操，台阶高15–20厘米', true),
  // 7 力量训练
  item('抗阻训练（多组动作，中等负荷）', '02054', 3.5, R, 7, [18, 80], '抗阻训练，多组动作，每组8–15次，负荷不等'),
  item('弹力带抗阻练习', '02054', 3.5, R, 7, [18, 85], '抗阻训练，多组动作，每组8–15次（弹力带按此计）'),
  item('徒手力量练习（中等用力）', '02022', 3.8, R, 7, [18, 70], '徒手健身操（俯卧撑、仰卧起坐、弓步等），中等用力'),
  item('负重深蹲训练', '02052', 5.0, R, 7, [18, 60], '抗阻训练，深蹲，慢速或爆发用力'),
  item('大重量力量训练', '02050', 6.0, R, 7, [18, 50], '抗阻训练（举重、健美），大用力'),
  item('循环训练（中等强度）', '02035', 4.3, R, 7, [18, 65], '循环训练，中等用力'),
  item(
    '高强度徒手操（开合跳等）',
    '02020',
    8.0,
    R,
    7,
    [18, 45],
    '徒手健身操（俯卧撑、引体向上、开合跳等），大用力',
    true,
  ),
  // 8 柔韧/平衡
  item('轻度拉伸', '02101', 2.3, F, 8, [18, 95], '拉伸，轻度'),
  item('哈他瑜伽', '02150', 2.5, F, 8, [18, 80], '瑜伽，哈他'),
  item('普拉提', '02105', 3.0, B, 8, [18, 75], '普拉提，一般'),
  item('力量瑜伽', '02160', 4.0, F, 8, [18, 60], '瑜伽，力量'),
  // 9 器械有氧
  item('椭圆机（中等用力）', '02048', 5.0, A, 9, [18, 80], '椭圆机，中等用力'),
  item('划船机（中等用力）', '02071', 4.8, A, 9, [18, 75], '划船机，一般，中等用力'),
  item('划船机（较大用力）', '02070', 6.0, A, 9, [18, 60], '划船机，一般，较大用力'),
  item('固定自行车（30–50瓦，轻度）', '02011', 3.5, A, 9, [18, 90], '固定自行车，30–50瓦，很轻至轻度用力'),
  item('固定自行车（51–89瓦，中低强度）', '02017', 4.8, A, 9, [18, 80], '固定自行车，51–89瓦，轻至中等用力'),
  item('固定自行车（90–100瓦，中高强度）', '02012', 6.8, A, 9, [18, 65], '固定自行车，90–100瓦，中等至较大用力'),
  // 10 登山/爬楼/跳绳
  item('徒步登山（常速）', '17082', 5.3, A, 10, [18, 70], '以常速在田野、山坡徒步'),
  item('慢速爬楼梯', '17133', 4.0, A, 10, [18, 70], '爬楼梯，慢速'),
  item('快速爬楼梯', '17134', 8.8, A, 10, [18, 50], '爬楼梯，快速', true),
  item('跳绳（慢速，每分钟100次以下）', '15552', 8.8, A, 10, [18, 50], '跳绳，慢速，每分钟少于100次，双脚跳', true),
  item('跳绳（中速，每分钟100–120次）', '15551', 11.8, A, 10, [18, 45], '跳绳，中速，每分钟100–120次，双脚跳', true),
];

export interface ShippedTemplate {
  name: string;
  classify: FitnessClassify;
  expireDays: number;
  explains: string;
  lines: { item: string; minutes: number; sessionsPerWeek: number }[];
}

const WARM = '每次运动前热身5–10分钟、运动后整理放松5–10分钟（不计入上表时间）。';

export const SHIPPED_FITNESS_TEMPLATES: readonly ShippedTemplate[] = [
  {
    name: '一般成人有氧运动',
    classify: '一般人群',
    expireDays: 84,
    explains: `适合无慢病的成年人。每周5天快走，每次30分钟，达到每周150分钟中等强度；每周2天抗阻训练（非连续日，8–10个动作，每个动作8–12次）；每天拉伸。${WARM}`,
    lines: [
      { item: '快走（约5.6公里/小时）', minutes: 30, sessionsPerWeek: 5 },
      { item: '抗阻训练（多组动作，中等负荷）', minutes: 20, sessionsPerWeek: 2 },
      { item: '轻度拉伸', minutes: 10, sessionsPerWeek: 5 },
    ],
  },
  {
    name: '一般成人高强度有氧（体能较好者）',
    classify: '一般人群',
    expireDays: 84,
    explains: `适合60岁以下、无慢病且已有规律运动习惯者。每周3次慢跑，每次25分钟（高强度1分钟约相当于中等强度2分钟），加1次羽毛球和2次徒手力量练习。${WARM}`,
    lines: [
      { item: '慢跑', minutes: 25, sessionsPerWeek: 3 },
      { item: '羽毛球（娱乐）', minutes: 45, sessionsPerWeek: 1 },
      { item: '徒手力量练习（中等用力）', minutes: 20, sessionsPerWeek: 2 },
      { item: '轻度拉伸', minutes: 10, sessionsPerWeek: 3 },
    ],
  },
  {
    name: '高血压运动处方',
    classify: '高血压',
    expireDays: 84,
    explains: `以中等强度有氧运动为主，不做高强度运动；抗阻训练用弹力带等小负荷，动作中保持呼吸、避免憋气用力。血压≥180/110 mmHg时暂停运动并就医；2级高血压只做中低强度。${WARM}`,
    lines: [
      { item: '快走（约5.6公里/小时）', minutes: 30, sessionsPerWeek: 5 },
      { item: '太极拳', minutes: 30, sessionsPerWeek: 2 },
      { item: '弹力带抗阻练习', minutes: 15, sessionsPerWeek: 2 },
      { item: '轻度拉伸', minutes: 10, sessionsPerWeek: 5 },
    ],
  },
  {
    name: '糖尿病运动处方',
    classify: '糖尿病',
    expireDays: 84,
    explains: `有氧运动每周5天、每次30分钟，宜在餐后进行，避免空腹运动；抗阻训练每周3天（非连续日）。空腹血糖≥16.7 mmol/L、近期反复低血糖或有急性并发症时暂停运动；运动时随身携带糖果。${WARM}`,
    lines: [
      { item: '快走（约5.6公里/小时）', minutes: 30, sessionsPerWeek: 5 },
      { item: '抗阻训练（多组动作，中等负荷）', minutes: 20, sessionsPerWeek: 3 },
      { item: '轻度拉伸', minutes: 10, sessionsPerWeek: 3 },
    ],
  },
  {
    name: '血脂异常运动处方',
    classify: '血脂异常',
    expireDays: 84,
    explains: `每周5–7天中等强度有氧运动，每次30–40分钟以上，配合每周2天抗阻训练，并与饮食控制同时进行。${WARM}`,
    lines: [
      { item: '快走（约6.4公里/小时）', minutes: 40, sessionsPerWeek: 5 },
      { item: '骑自行车（16公里/小时以下）', minutes: 40, sessionsPerWeek: 2 },
      { item: '抗阻训练（多组动作，中等负荷）', minutes: 20, sessionsPerWeek: 2 },
    ],
  },
  {
    name: '高尿酸运动处方',
    classify: '高尿酸',
    expireDays: 84,
    explains: `规律的中等强度有氧运动，避免剧烈运动和大量出汗（可诱发痛风发作）；运动前后及时饮水，每天饮水2升以上；痛风急性发作期暂停运动。${WARM}`,
    lines: [
      { item: '快走（约5.6公里/小时）', minutes: 30, sessionsPerWeek: 5 },
      { item: '休闲骑行（约9公里/小时）', minutes: 30, sessionsPerWeek: 2 },
      { item: '轻度拉伸', minutes: 10, sessionsPerWeek: 5 },
    ],
  },
  {
    name: '超重肥胖减重运动处方',
    classify: '超重肥胖',
    expireDays: 84,
    explains: `减重期每周中等强度运动≥300分钟，选快走、游泳、固定自行车等低冲击项目保护膝踝关节，不做跑跳类运动；配合每周2天抗阻训练以保持肌肉量，并与每天约500千卡的饮食能量缺口同时进行。${WARM}`,
    lines: [
      { item: '快走（约5.6公里/小时）', minutes: 40, sessionsPerWeek: 5 },
      { item: '蛙泳（休闲）', minutes: 40, sessionsPerWeek: 2 },
      { item: '抗阻训练（多组动作，中等负荷）', minutes: 20, sessionsPerWeek: 2 },
    ],
  },
  {
    name: '老年人及关节不适运动处方',
    classify: '老年/关节',
    expireDays: 90,
    explains: `低冲击运动为主，不做跑跳；每周3天太极拳等平衡训练以预防跌倒；弹力带抗阻练习每周2天。量力而行，有膝关节疼痛时改为水中步行或固定自行车。${WARM}`,
    lines: [
      { item: '步行（约4.5–5.1公里/小时）', minutes: 30, sessionsPerWeek: 5 },
      { item: '太极拳', minutes: 30, sessionsPerWeek: 3 },
      { item: '弹力带抗阻练习', minutes: 15, sessionsPerWeek: 2 },
      { item: '轻度拉伸', minutes: 10, sessionsPerWeek: 5 },
    ],
  },
  {
    name: '久坐办公人群运动处方',
    classify: '久坐办公',
    expireDays: 84,
    explains: `利用通勤或午休快走，每周5天、每次30分钟；每周2天徒手力量练习；工作中每坐1小时起身活动并做颈肩腰背拉伸。${WARM}`,
    lines: [
      { item: '快走（约5.6公里/小时）', minutes: 30, sessionsPerWeek: 5 },
      { item: '徒手力量练习（中等用力）', minutes: 20, sessionsPerWeek: 2 },
      { item: '轻度拉伸', minutes: 10, sessionsPerWeek: 5 },
    ],
  },
  {
    name: '倒班及野外作业人群运动处方',
    classify: '倒班/野外作业',
    expireDays: 84,
    explains: `按班次安排在睡眠充足后运动，夜班后先休息，不在下夜班后立即进行较大强度运动；野外作业日以拉伸和放松为主，休息日完成快走、骑行和力量练习；高温、严寒天气减量并注意补水保暖。${WARM}`,
    lines: [
      { item: '快走（约5.6公里/小时）', minutes: 30, sessionsPerWeek: 3 },
      { item: '骑自行车（16公里/小时以下）', minutes: 30, sessionsPerWeek: 2 },
      { item: '徒手力量练习（中等用力）', minutes: 20, sessionsPerWeek: 2 },
      { item: '轻度拉伸', minutes: 15, sessionsPerWeek: 3 },
    ],
  },
];

export interface ShippedPrinciple {
  title: string;
  /** Rich text within the server's allowlist (p, h3, ul, li, strong, table…). */
  contents: string;
}

export const SHIPPED_FITNESS_PRINCIPLES: readonly ShippedPrinciple[] = [
  {
    title: '运动处方四要素：频率、强度、时间、类型',
    contents: [
      '<p>运动处方按频率、强度、时间、类型四个要素制定（FITT原则）。</p>',
      '<ul>',
      '<li><strong>频率</strong>：中等强度有氧运动每周至少5天，或高强度每周至少3天；抗阻训练每周2–3天，同一肌群两次训练间隔至少48小时（非连续日）。</li>',
      '<li><strong>强度</strong>：按代谢当量（MET）分级：低于3 MET为低强度，3–5.9 MET为中等强度，6 MET及以上为高强度。1 MET约等于每公斤体重每小时消耗1千卡。</li>',
      '<li><strong>时间</strong>：每周中等强度累计≥150分钟（如每次30分钟、每周5天），或高强度≥75分钟；1分钟高强度约相当于2分钟中等强度。每周运动量约500–1000 MET·分钟。</li>',
      '<li><strong>类型</strong>：以有氧运动（快走、骑行、游泳等）为主；抗阻训练每次8–10个动作，每个动作8–12次；配合柔韧和平衡练习。</li>',
      '</ul>',
      '<p>能量消耗（千卡）= MET × 体重（公斤）× 时间（小时）。例：4 MET的运动、体重70公斤、30分钟：4 × 70 × 0.5 = 140千卡。</p>',
      '<p>来源：美国运动医学会运动测试与运动处方指南；世界卫生组织身体活动指南；身体活动纲要（2011）。</p>',
    ].join(''),
  },
  {
    title: '热身与整理活动',
    contents: [
      '<h3>运动前热身（5–10分钟）</h3>',
      '<ul>',
      '<li>以低强度有氧活动开始，如慢走、原地踏步，使心率和体温逐步上升。</li>',
      '<li>活动颈、肩、腰、髋、膝、踝各关节，幅度由小到大。</li>',
      '</ul>',
      '<h3>运动后整理（5–10分钟）</h3>',
      '<ul>',
      '<li>逐步降低强度（如由快走转为慢走），不要骤然停止，以免头晕或血压骤降。</li>',
      '<li>整理后做静态拉伸，每个部位保持10–30秒，重复2–4次，拉伸到有牵拉感而不痛。</li>',
      '</ul>',
      '<p>老年人、高血压和心血管病风险较高者，热身和整理时间取上限。</p>',
    ].join(''),
  },
  {
    title: '运动强度与心率控制',
    contents: [
      '<p>最大心率 = 220 − 年龄。</p>',
      '<ul>',
      '<li><strong>中等强度</strong>：最大心率的50%–70%；运动中能说话、不能唱歌。</li>',
      '<li><strong>高强度</strong>：最大心率的70%–85%；运动中说话困难。</li>',
      '</ul>',
      '<table><thead><tr><th>年龄</th><th>最大心率（次/分）</th><th>中等强度（次/分）</th><th>高强度（次/分）</th></tr></thead>',
      '<tbody>',
      '<tr><td>30岁</td><td>190</td><td>95–133</td><td>133–162</td></tr>',
      '<tr><td>40岁</td><td>180</td><td>90–126</td><td>126–153</td></tr>',
      '<tr><td>50岁</td><td>170</td><td>85–119</td><td>119–145</td></tr>',
      '<tr><td>60岁</td><td>160</td><td>80–112</td><td>112–136</td></tr>',
      '</tbody></table>',
      '<p>服用β受体阻滞剂等影响心率的药物者，心率不能准确反映强度，以自我感觉（稍累、微微出汗、能说话）为准。</p>',
    ].join(''),
  },
  {
    title: '运动禁忌与暂缓运动（先转诊）',
    contents: [
      '<h3>不开具运动处方，先转诊</h3>',
      '<ul>',
      '<li>血压≥180/110 mmHg（3级高血压）：先转诊控制血压，达标后再开具运动处方。</li>',
      '<li>空腹血糖≥16.7 mmol/L：不宜运动；伴酮症时禁止运动，先就医。</li>',
      '<li>急性心肌梗死、不稳定型心绞痛、失代偿性心力衰竭、未控制的有症状心律失常：禁止运动。</li>',
      '</ul>',
      '<h3>限制强度</h3>',
      '<ul>',
      '<li>2级高血压（收缩压160–179 mmHg或舒张压100–109 mmHg）：不做高强度运动，只选中低强度项目。</li>',
      '<li>10年心血管病风险（China-PAR）≥10%（高危）：只做中等强度运动，需医生评估后开始。</li>',
      '</ul>',
      '<h3>糖尿病患者暂停运动的情况</h3>',
      '<ul>',
      '<li>空腹血糖＞16.7 mmol/L或有酮症；反复低血糖或血糖波动较大。</li>',
      '<li>急性感染；增殖性视网膜病变；严重肾病。</li>',
      '<li>不稳定型心绞痛、严重心律失常、一过性脑缺血发作。</li>',
      '</ul>',
      '<p>来源：中国高血压防治指南；中国2型糖尿病运动治疗指南（2024）；美国运动医学会运动测试与运动处方指南（静息血压＞200/110 mmHg为运动试验的相对禁忌证）。</p>',
    ].join(''),
  },
  {
    title: '运动中的安全与自我监测',
    contents: [
      '<h3>出现以下情况立即停止运动，必要时就医</h3>',
      '<ul>',
      '<li>胸痛、胸闷或压迫感，向肩背、上肢放射。</li>',
      '<li>明显气短、心悸、心跳不规则。</li>',
      '<li>头晕、眼前发黑、面色苍白、出冷汗、恶心。</li>',
      '<li>关节或肌肉剧烈疼痛。</li>',
      '</ul>',
      '<h3>日常注意</h3>',
      '<ul>',
      '<li>循序渐进：从每次10–15分钟、低中强度开始，2–4周后逐步增加时间，再增加强度。</li>',
      '<li>运动前后和运动中适量饮水；高温、严寒、雾霾天气改在室内或减量。</li>',
      '<li>糖尿病患者宜在餐后运动，避免空腹运动，随身携带糖果；使用胰岛素者避开药效高峰。</li>',
      '<li>记录每次运动的项目、时间和自我感觉，复查时带给健康管理人员。</li>',
      '</ul>',
    ].join(''),
  },
  {
    title: '慢病人群运动要点',
    contents: [
      '<ul>',
      '<li><strong>高血压</strong>：中等强度有氧运动为主，每周≥150分钟；抗阻训练用小负荷，保持呼吸、避免憋气。</li>',
      '<li><strong>糖尿病</strong>：每周≥150分钟中等强度有氧运动，另加抗阻训练每周2–3天（非连续日）；餐后运动。</li>',
      '<li><strong>血脂异常</strong>：每周5–7天、每次30分钟以上中等强度有氧运动。</li>',
      '<li><strong>高尿酸</strong>：规律中等强度运动，避免剧烈运动和大量出汗，多饮水（每天2升以上）；痛风发作期暂停。</li>',
      '<li><strong>超重肥胖</strong>：减重期每周≥300分钟中等强度运动，选低冲击项目；配合饮食控制。</li>',
      '<li><strong>老年人及关节不适</strong>：低冲击运动，每周≥3天平衡训练预防跌倒。</li>',
      '</ul>',
    ].join(''),
  },
];

/** A shipped template's lines with their items' MET, type and impact (for the goal checks). */
export function shippedPlanLines(t: ShippedTemplate): PlanLine[] {
  return t.lines.map((l) => {
    const it = SHIPPED_FITNESS_ITEMS.find((i) => i.name === l.item);
    if (!it) throw new Error(`运动模板「${t.name}」引用了不存在的项目「${l.item}」`);
    return {
      met: it.met,
      minutes: l.minutes,
      sessionsPerWeek: l.sessionsPerWeek,
      sportType: it.sportType,
      highImpact: it.highImpact,
    };
  });
}
