/**
 * The demo company's unit tree (SPEC §3 "fixed lists of oilfield units with long and short names").
 * Loaded with the demo data; real deployments maintain their own tree in /company/company.
 */
export interface UnitSeed {
  name: string;
  shortName: string;
  children?: UnitSeed[];
}

export const DEMO_COMPANY: UnitSeed = {
  name: '西部油田分公司',
  shortName: '西部油田',
  children: [
    {
      name: '第一采油厂',
      shortName: '采油一厂',
      children: [
        { name: '第一采油厂第一作业区', shortName: '采油一厂一区' },
        { name: '第一采油厂第二作业区', shortName: '采油一厂二区' },
      ],
    },
    { name: '第二采油厂', shortName: '采油二厂' },
    { name: '第三采油厂', shortName: '采油三厂' },
    { name: '第一采气厂', shortName: '采气一厂' },
    { name: '页岩油开发分公司', shortName: '页岩油' },
    { name: '勘探开发研究院', shortName: '研究院' },
    { name: '油气工艺研究院', shortName: '工艺院' },
    { name: '钻井工程技术处', shortName: '钻井处' },
    { name: '井下作业公司', shortName: '井下作业' },
    { name: '输油处', shortName: '输油处' },
    { name: '供水供电处', shortName: '水电处' },
    { name: '物资供应处', shortName: '物资处' },
    { name: '信息中心', shortName: '信息中心' },
    { name: '保卫部', shortName: '保卫部' },
    { name: '行政事务中心', shortName: '行政事务中心' },
    { name: '新疆分公司', shortName: '新疆分公司' },
    { name: '公司机关', shortName: '机关' },
  ],
};
