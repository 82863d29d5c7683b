import type { ScreenComponents } from './screen-components.ts';
import { lazyScreen } from '../lazyScreen.tsx';

const fullPage = { fullPage: true };

/** The console components of the sport/ticket module's screens (its contract file lists the screens). */
export const ticketScreens: ScreenComponents<'sport/ticket'> = {
  'sport.ticket.seatmap': lazyScreen('seatmapList', () => import('../../features/sport/ticket/seatmap/SeatmapListPage.tsx')),
  'sport.ticket.seatmapDesign': lazyScreen('seatmapDesign', () => import('../../features/sport/ticket/seatmap/SeatmapDesignerPage.tsx')),
  'sport.ticket.sell': lazyScreen('ticketSell', () => import('../../features/sport/ticket/sale/SellTicketPage.tsx')),
  'sport.ticket.list': lazyScreen('ticketList', () => import('../../features/sport/ticket/list/TicketListPage.tsx')),
  'sport.ticket.reserve': lazyScreen('ticketReserve', () => import('../../features/sport/ticket/reserve/ReservePage.tsx')),
  'sport.ticket.check': lazyScreen('ticketCheck', () => import('../../features/sport/ticket/gate/TicketCheckPage.tsx')),
  'sport.ticket.offlineGate': lazyScreen('ticketOfflineGate', () => import('../../features/sport/ticket/gate/OfflineGatePage.tsx')),
  'sport.ticket.collection': lazyScreen('ticketCollection', () => import('../../features/sport/ticket/gate/CollectionPage.tsx')),
  'sport.ticket.performer': lazyScreen('ticketPerformer', () => import('../../features/sport/ticket/extras/PerformerListPage.tsx')),
  'sport.ticket.notice': lazyScreen('ticketNotice', () => import('../../features/sport/ticket/extras/NoticeListPage.tsx')),
  'sport.ticket.template': lazyScreen('ticketTemplate', () => import('../../features/sport/ticket/extras/TemplateListPage.tsx')),
  'sport.ticket.templateDesign': lazyScreen('ticketTemplateDesign', () => import('../../features/sport/ticket/extras/TemplateDesignerPage.tsx')),
  'sport.ticket.templatePrint': lazyScreen('ticketTemplatePrint', () => import('../../features/sport/ticket/extras/TemplatePrintPage.tsx'), fullPage),
  'sport.ticket.wantSee': lazyScreen('ticketWantSee', () => import('../../features/sport/ticket/extras/WantSeeListPage.tsx')),
  'sport.ticket.competitionOrder': lazyScreen('ticketCompetitionOrder', () => import('../../features/sport/ticket/extras/CompetitionOrderPage.tsx')),
  'sport.ticket.competitionOrderDetail': lazyScreen(
    'ticketCompetitionOrderDetail',
    () => import('../../features/sport/ticket/extras/CompetitionOrderDetailPage.tsx'),
  ),
  'sport.ticket.dataManagement': lazyScreen('ticketDataManagement', () => import('../../features/sport/ticket/extras/DataManagementPage.tsx')),
  'sport.ticket.projectType': lazyScreen('ticketProjectType', () => import('../../features/sport/ticket/catalogue/ProjectTypePage.tsx')),
  'sport.ticket.project': lazyScreen('ticketProject', () => import('../../features/sport/ticket/catalogue/ProjectListPage.tsx')),
  'sport.ticket.projectDetail': lazyScreen('ticketProjectDetail', () => import('../../features/sport/ticket/catalogue/ProjectDetailPage.tsx')),
  'sport.ticket.sessionSeats': lazyScreen('ticketSessionSeats', () => import('../../features/sport/ticket/catalogue/SessionSeatsPage.tsx')),
  'sport.ticket.distributor': lazyScreen('ticketDistributor', () => import('../../features/sport/ticket/distribution/DistributorPage.tsx')),
  'sport.ticket.externalItem': lazyScreen('ticketExternalItem', () => import('../../features/sport/ticket/distribution/ExternalItemPage.tsx')),
  'sport.ticket.package': lazyScreen('ticketPackage', () => import('../../features/sport/ticket/distribution/PackagePage.tsx')),
  'sport.ticket.projectSales': lazyScreen('ticketProjectSales', () => import('../../features/sport/ticket/distribution/ProjectSalesPage.tsx')),
  'sport.ticket.projectSalesStatistics': lazyScreen('ticketSalesStatistics', () => import('../../features/sport/ticket/distribution/SalesStatisticsPage.tsx')),
};
