import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

/** The console components of the sport/equipment module's screens (its contract file lists the screens). */
export const equipmentScreens: ScreenComponents<'sport/equipment'> = {
  'sport.equipment.list': lazyScreen('equipmentList', () => import('../../features/sport/equipment/EquipmentListPage.tsx')),
  'sport.gate.personnel': lazyScreen('gateAccessPersonnel', () => import('../../features/sport/equipment/GateAccessPersonnelPage.tsx')),
  'sport.gate.log': lazyScreen('gateAccessLog', () => import('../../features/sport/equipment/GateAccessLogPage.tsx')),
  'sport.golf.position': lazyScreen('golfPositionView', () => import('../../features/sport/equipment/GolfPositionPage.tsx')),
  'sport.bracelet.log': lazyScreen('braceletLog', () => import('../../features/sport/equipment/BraceletLogPage.tsx')),
};
