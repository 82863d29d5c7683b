const messages = {
  name: '区域',
  field: {
    code: '区域编码',
    name: '区域名称',
    level: '级别',
    parentId: '上级区域',
    orderNum: '排序',
    remark: '备注',
    updatedAt: '更新时间',
  },
  level: {
    l1: '省级',
    l2: '市级',
    l3: '区县',
    l4: '街道',
  },
  root: '（顶级）',
  addChild: '新增下级',
  codeHint: '6 位行政区划代码，街道为 9 位',
  err: { codeInvalid: '区域编码应为 6 位或 9 位数字' },
} as const;
export default messages;
