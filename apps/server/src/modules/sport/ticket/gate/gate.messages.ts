import { addMessages } from '../../../../platform/i18n.ts';

/** Texts of gate checking, ticket collection and reprints. */
addMessages({
  'zh-CN': {
    'field.gateName': '闸口名称',
    'field.paperNo': '纸质票号',
    'gate.closed': '闸口“{gate}”已关闭，不能检票',
    'gate.noQr': '只有已售或已检的门票有入场二维码',
    'gate.unknownCode': '没有该票码的门票',
    'gate.badSignature': '二维码签名无效（可能被篡改）',
    'gate.collectState': '该门票当前状态（{state}）不能取纸质票',
    'gate.collectedAlready': '该门票已取过纸质票（票号 {paperNo}）',
    'gate.reprintState': '该门票当前状态（{state}）不能重打',
    'gate.printedAlready': '这些门票已打印过，再次打印请用重打并填写原因',
    'gate.notPrintedYet': '该门票还未打印过，请直接打印（首次打印无需填写原因）',
    'gate.overrideForbidden': '只有主管可以在检票时间窗口外放行',
  },
  'en-US': {
    'field.gateName': 'Gate name',
    'field.paperNo': 'Paper ticket no.',
    'gate.closed': 'Gate "{gate}" is closed: no tickets are checked there',
    'gate.noQr': 'Only sold or used tickets have an entry QR code',
    'gate.unknownCode': 'No ticket has this code',
    'gate.badSignature': 'The QR code signature is not valid (it may have been altered)',
    'gate.collectState': 'A ticket in this state ({state}) cannot be collected on paper',
    'gate.collectedAlready': 'This ticket was collected on paper already (paper no. {paperNo})',
    'gate.reprintState': 'A ticket in this state ({state}) cannot be reprinted',
    'gate.printedAlready': 'These tickets have been printed already: print again with a reprint, giving a reason',
    'gate.notPrintedYet': 'This ticket has not been printed yet: print it (a first print needs no reason)',
    'gate.overrideForbidden': 'Only a supervisor may admit a ticket outside the gate window',
  },
});
