const messages = {
  name: '字典',
  itemName: '字典项',
  field: {
    code: '字典编码',
    name: '字典名称',
    type: '字典类型',
    sealed: '维护状态',
    remark: '备注',
    itemCount: '字典项数',
    updatedAt: '更新时间',
  },
  item: {
    value: '字典项值',
    name: '字典项名称',
    nameEn: '英文名称',
    orderNum: '排序',
    status: '状态',
    remark: '备注',
    updatedAt: '更新时间',
  },
  type: {
    system: '系统',
    business: '业务',
  },
  sealed: {
    yes: '系统内置',
    no: '可维护',
  },
  status: {
    normal: '正常',
    disabled: '停用',
  },
  items: '字典项',
  itemsOf: '字典项：{{name}}（{{code}}）',
  sealedHint: '系统内置字典：不能删除，编码与字典项值不能修改，可以修改名称、顺序和状态。',
  up: '上移',
  down: '下移',
  reordered: '顺序已更新',
  nameHint: '名称不能包含空格',
  err: {
    itemNameSpace: '字典项名称不能包含空格',
    codeInvalid: '以字母开头，只能包含字母、数字、下划线、点和横线',
  },
} as const;
export default messages;
