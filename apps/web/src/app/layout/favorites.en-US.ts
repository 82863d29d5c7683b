import type { MessagesOf } from '../i18n-types.ts';
import type zh from './favorites.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  title: 'Favourite screens',
  add: 'Add this screen to favourites',
  remove: 'Remove this screen from favourites',
  none: 'No favourites yet. Open a screen and choose "Add this screen to favourites" here.',
  added: '{{name}} added to favourites',
  removed: '{{name}} removed from favourites',
};
export default messages;
