import { addMessages } from '../../platform/i18n.ts';

addMessages({
  'zh-CN': {
    'version.format': '版本号格式应为 主版本.次版本.修订号，例如 2.0.1',
    'version.duplicate': '该平台已发布过这个版本号',
    'version.notNewer': '版本号必须高于该平台已发布的最新版本 {latest}',
  },
  'en-US': {
    'version.format': 'A version number looks like major.minor.patch, for example 2.0.1',
    'version.duplicate': 'This version number has already been published for the platform',
    'version.notNewer': 'The version number must be higher than the latest published for the platform ({latest})',
  },
});
