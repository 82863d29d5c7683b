import { addMessages } from '../../../platform/i18n.ts';

/** The agency module's own texts. */
addMessages({
  'zh-CN': {
    'agency.sharesSum': '平台、场馆、合作方的分成比例之和必须为 100%（10000 个基点）',
    'agency.sharesPartial': '请同时填写平台、场馆、合作方三方的分成比例',
    'agency.kindTwice': '品类“{kind}”的分成比例重复',
    'agency.validTo': '有效期结束日不能早于开始日',
    'agency.outsideValidity': '{day} 不在合同有效期内',
    'agency.dayAhead': '{day} 尚未到来，不能计算结算单',
    'agency.hasStatements': '该合同已有结算单，不能删除',
    'agency.periodInUse': '该合同已有结算单，不能更改结算周期',
    'agency.notDraft': '结算单已审核，不能再更改',
    'agency.notApproved': '结算单尚未审核或已标记为已付',
    'agency.periodNotOver': '结算周期（至 {day}）尚未结束，结束后才能审核',
    'agency.platform': '平台',
    'agency.party.platform': '平台',
    'agency.party.venue': '场馆',
    'agency.party.partner': '合作方',
  },
  'en-US': {
    'agency.sharesSum': "The platform's, the venue's and the partner's shares must add up to 100% (10000 basis points)",
    'agency.sharesPartial': "Give all three shares: the platform's, the venue's and the partner's",
    'agency.kindTwice': 'The item kind "{kind}" has shares twice',
    'agency.validTo': 'The end of the validity cannot be before its start',
    'agency.outsideValidity': '{day} is outside the validity of the contract',
    'agency.dayAhead': '{day} has not come yet: there is nothing to compute',
    'agency.hasStatements': 'The contract has statements and cannot be deleted',
    'agency.periodInUse': 'The contract has statements: its settlement period cannot change',
    'agency.notDraft': 'The statement is approved and can no longer change',
    'agency.notApproved': 'The statement is not approved, or is paid already',
    'agency.periodNotOver': 'The settlement period (to {day}) is not over yet: approve it once it is',
    'agency.platform': 'Platform',
    'agency.party.platform': 'Platform',
    'agency.party.venue': 'Venue',
    'agency.party.partner': 'Partner',
  },
});
