/**
 * Chinese personal names for the demo population: surnames weighted by their national frequency (with a
 * little more 马 and 杨 for the north-west), given names of one or two characters whose style follows the
 * birth decade.
 */

/** Surname and relative weight (about ‰ of the population). */
const SURNAMES: [string, number][] = [
  ['王', 71],
  ['李', 70],
  ['张', 67],
  ['刘', 54],
  ['陈', 45],
  ['杨', 33],
  ['黄', 22],
  ['赵', 22],
  ['吴', 20],
  ['周', 19],
  ['马', 16],
  ['徐', 13],
  ['孙', 13],
  ['朱', 11],
  ['胡', 10],
  ['郭', 10],
  ['何', 9],
  ['高', 9],
  ['林', 8],
  ['罗', 8],
  ['郑', 8],
  ['梁', 7],
  ['谢', 6],
  ['宋', 6],
  ['唐', 6],
  ['许', 5],
  ['韩', 5],
  ['冯', 5],
  ['邓', 5],
  ['曹', 5],
  ['彭', 4],
  ['曾', 4],
  ['肖', 4],
  ['田', 4],
  ['董', 4],
  ['袁', 4],
  ['潘', 3],
  ['于', 3],
  ['蒋', 3],
  ['蔡', 3],
  ['余', 3],
  ['杜', 3],
  ['叶', 3],
  ['程', 3],
  ['苏', 3],
  ['魏', 3],
  ['吕', 3],
  ['丁', 3],
  ['任', 3],
  ['沈', 2],
  ['姚', 2],
  ['卢', 2],
  ['姜', 2],
  ['崔', 2],
  ['钟', 2],
  ['谭', 2],
  ['陆', 2],
  ['汪', 2],
  ['范', 2],
  ['金', 2],
  ['石', 2],
  ['廖', 2],
  ['贾', 2],
  ['夏', 2],
  ['付', 2],
  ['方', 2],
  ['白', 2],
  ['邹', 2],
  ['孟', 2],
  ['熊', 2],
  ['秦', 2],
  ['邱', 2],
  ['江', 2],
  ['尹', 2],
  ['薛', 2],
  ['闫', 2],
  ['段', 2],
  ['雷', 2],
  ['侯', 2],
  ['龙', 1],
  ['史', 1],
  ['陶', 1],
  ['贺', 1],
  ['顾', 1],
  ['毛', 1],
  ['郝', 1],
  ['龚', 1],
  ['邵', 1],
  ['万', 1],
  ['严', 1],
  ['武', 1],
  ['乔', 1],
  ['牛', 1],
  ['常', 1],
  ['康', 1],
  ['党', 1],
  ['拓', 0.5],
  ['欧阳', 0.5],
  ['司马', 0.3],
  ['上官', 0.2],
];

const SURNAME_TOTAL = SURNAMES.reduce((s, [, w]) => s + w, 0);

/** Characters by style: the older ones are typical of people born before about 1975. */
const MALE_OLD = '建国军华平明强伟刚勇红兵卫东志文海林庆春忠德福贵胜利宏杰峰'.split('');
const MALE_NEW = '浩宇轩博晨凯旭阳鹏飞磊涛斌超鑫亮俊辉健毅航睿泽然杰恒昊'.split('');
const FEMALE_OLD = '秀英兰芳红梅玲霞华萍丽琴桂珍燕艳玉凤娟敏静春'.split('');
const FEMALE_NEW = '婷娜雪琳慧莉洁颖倩佳欣悦瑶怡璐晶丹岚萌蕾雯思梦涵'.split('');

/** Chinese name of 2–3 characters (3 at most also for a compound surname). */
export function chineseName(rand: () => number, sex: 1 | 2, birthYear: number): string {
  let r = rand() * SURNAME_TOTAL;
  let surname = SURNAMES[SURNAMES.length - 1][0];
  for (const [s, w] of SURNAMES) {
    r -= w;
    if (r < 0) {
      surname = s;
      break;
    }
  }
  const oldStyle = Math.min(0.85, Math.max(0.1, (1990 - birthYear) / 25));
  const pool = () => {
    const old = rand() < oldStyle;
    if (sex === 1) return old ? MALE_OLD : MALE_NEW;
    return old ? FEMALE_OLD : FEMALE_NEW;
  };
  const pick = (chars: string[]) => chars[Math.floor(rand() * chars.length)];
  // Single-character given names were common for people born in the 1960s–80s, rarer since.
  const single = surname.length === 2 || rand() < (birthYear < 1985 ? 0.3 : 0.15);
  if (single) return surname + pick(pool());
  const first = pick(pool());
  let second = pick(pool());
  if (second === first && rand() < 0.7) second = pick(pool());
  return surname + first + second;
}
