const messages = {
  name: '版本',
  field: {
    versionNo: '版本号',
    platform: '平台',
    content: '更新内容',
    force: '强制更新',
    publishedAt: '发布时间',
    updatedAt: '更新时间',
  },
  platform: {
    web: '管理后台',
    android: 'Android',
    ios: 'iOS',
    h5: 'H5',
    mini: '小程序',
  },
  yes: '是',
  no: '否',
  publish: '发布版本',
  latest: '当前版本',
  versionHint: '格式：主版本.次版本.修订号，如 2.0.1，且须高于已发布的最新版本',
  publishedAtHint: '不填表示立即发布；填写将来的时间表示定时发布',
  err: { format: '版本号格式应为 主版本.次版本.修订号，例如 2.0.1' },
} as const;
export default messages;
