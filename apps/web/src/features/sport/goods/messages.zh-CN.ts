const messages = {
  pendingTitle: '页面建设中',
  pendingText: '商品、分类和库存的服务端接口已就绪，本页面的界面随后提供。',
};
export default messages;
