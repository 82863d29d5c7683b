import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/agency module's screens (its contract file lists the screens). */
export const agencyScreens: ScreenComponents<'sport/agency'> = {
  'sport.agency.contract': lazyScreen('tripartiteAgency', () => import('../../features/sport/agency/AgencyContractPage.tsx')),
  'sport.agency.liquidation': lazyScreen('liquidationReport', () => import('../../features/sport/agency/LiquidationReportPage.tsx')),
  'sport.agency.settlement': lazyScreen('settlementReport', () => import('../../features/sport/agency/SettlementReportPage.tsx')),
};
