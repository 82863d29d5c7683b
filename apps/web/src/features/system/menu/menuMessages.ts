import { registerMessages } from '../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('menu', zh, en);
