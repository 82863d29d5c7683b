/**
 * Permission codes: one constant per action, carried by menu type 2 entries and
 * declared by every API route. The console uses the same constants to show actions.
 */
export const Perm = {
  /** Any signed-in user (own profile, menus, dictionary, logout). */
  authenticated: '',
  home: 'home:view',
  user: {
    list: 'system:user:list',
    add: 'system:user:add',
    edit: 'system:user:edit',
    remove: 'system:user:remove',
    resetPwd: 'system:user:resetPwd',
    status: 'system:user:status',
    assign: 'system:user:assign',
    import: 'system:user:import',
    export: 'system:user:export',
  },
  role: {
    list: 'system:role:list',
    add: 'system:role:add',
    edit: 'system:role:edit',
    remove: 'system:role:remove',
  },
  org: {
    list: 'system:org:list',
    add: 'system:org:add',
    edit: 'system:org:edit',
    remove: 'system:org:remove',
  },
  menu: {
    list: 'system:menu:list',
    add: 'system:menu:add',
    edit: 'system:menu:edit',
    remove: 'system:menu:remove',
  },
  api: { list: 'system:api:list', edit: 'system:api:edit' },
  // Third-party application access (issue 14): applications and their grants, the open interfaces, the call log.
  openApp: { list: 'system:openApp:list', edit: 'system:openApp:edit', grant: 'system:openApp:grant', api: 'system:openApp:api', log: 'system:openApp:log' },
  // Messaging delivery (issue 14): channel settings, templates, business types, the send log, the test screen.
  message: {
    channel: 'system:message:channel',
    template: 'system:message:template',
    business: 'system:message:business',
    log: 'system:message:log',
    test: 'system:message:test',
  },
  // The service registry (issue 14): applications, environments (groups, instances), services, translation items.
  // One level deep like every group (the screen registry and the menu seed read the codes that way).
  registryApp: { list: 'system:registryApp:list', edit: 'system:registryApp:edit' },
  registryEnv: { list: 'system:registryEnv:list', edit: 'system:registryEnv:edit' },
  registryService: { list: 'system:registryService:list', edit: 'system:registryService:edit' },
  registryTranslation: { list: 'system:registryTranslation:list', edit: 'system:registryTranslation:edit' },
  dict: {
    list: 'system:dict:list',
    add: 'system:dict:add',
    edit: 'system:dict:edit',
    remove: 'system:dict:remove',
  },
  config: {
    list: 'system:config:list',
    add: 'system:config:add',
    edit: 'system:config:edit',
    remove: 'system:config:remove',
  },
  strategy: { view: 'system:strategy:view', edit: 'system:strategy:edit' },
  setting: { view: 'system:setting:view', edit: 'system:setting:edit' },
  holiday: { view: 'system:holiday:view', edit: 'system:holiday:edit' },
  region: { list: 'system:region:list', edit: 'system:region:edit' },
  version: { list: 'system:version:list', publish: 'system:version:publish' },
  online: { list: 'monitor:online:list', forceLogout: 'monitor:online:forceLogout' },
  loginLog: { list: 'monitor:loginLog:list', export: 'monitor:loginLog:export', remove: 'monitor:loginLog:remove' },
  operLog: { list: 'monitor:operLog:list', export: 'monitor:operLog:export', remove: 'monitor:operLog:remove' },
  job: {
    list: 'job:job:list',
    add: 'job:job:add',
    edit: 'job:job:edit',
    remove: 'job:job:remove',
    run: 'job:job:run',
    log: 'job:log:list',
  },
  jobStream: {
    list: 'job:stream:list',
    add: 'job:stream:add',
    edit: 'job:stream:edit',
    remove: 'job:stream:remove',
    run: 'job:stream:run',
  },
  // The commerce core (issue 10).
  // discount: a discount on a generic sale (within the role's limit, with a reason); comp: the `free` payment method (issue 23).
  order: {
    list: 'sport:order:list',
    add: 'sport:order:add',
    pay: 'sport:order:pay',
    cancel: 'sport:order:cancel',
    print: 'sport:order:print',
    discount: 'sport:order:discount',
    comp: 'sport:order:comp',
  },
  refund: { list: 'sport:refund:list', apply: 'sport:refund:apply', review: 'sport:refund:review' },
  capital: { list: 'sport:capital:list' },
  merchant: { view: 'sport:merchant:view', edit: 'sport:merchant:edit' },
  account: { list: 'sport:account:list', add: 'sport:account:add', recharge: 'sport:account:recharge' },
  // Venues and booking (issue 11).
  venue: {
    list: 'sport:venue:list',
    add: 'sport:venue:add',
    edit: 'sport:venue:edit',
    remove: 'sport:venue:remove',
    shop: 'sport:venue:shop',
    lock: 'sport:venue:lock',
    review: 'sport:venue:review',
  },
  booking: {
    view: 'sport:booking:view',
    book: 'sport:booking:book',
    lock: 'sport:booking:lock',
    cancel: 'sport:booking:cancel',
    checkin: 'sport:booking:checkin',
    close: 'sport:booking:close',
    settle: 'sport:booking:settle',
  },
  // Members and member cards (issue 12). `private` shows id numbers and phones unmasked.
  member: {
    list: 'sport:member:list',
    add: 'sport:member:add',
    edit: 'sport:member:edit',
    remove: 'sport:member:remove',
    import: 'sport:member:import',
    export: 'sport:member:export',
    private: 'sport:member:private',
    tag: 'sport:member:tag',
    face: 'sport:member:face',
    blacklist: 'sport:member:blacklist',
    identity: 'sport:member:identity',
    review: 'sport:member:review',
    checkin: 'sport:member:checkin',
    distribute: 'sport:member:distribute',
  },
  card: {
    list: 'sport:card:list',
    type: 'sport:card:type',
    sell: 'sport:card:sell',
    recharge: 'sport:card:recharge',
    edit: 'sport:card:edit',
    freeze: 'sport:card:freeze',
    share: 'sport:card:share',
    refund: 'sport:card:refund',
  },
  // Ticketing (issue 13): catalogue (types and projects), sessions, seat maps, levels, selling, reserved issuing, the ticket list, refunds, gate checking.
  // Ticketing catalogue extras: performers, purchase notices, ticket templates, want-to-see lists, competition orders, data management.
  // Ticket distribution: distributors and their sales, quotas given to them, external items from their feeds, package tickets, sales statistics.
  ticket: {
    project: 'sport:ticket:project',
    session: 'sport:ticket:session',
    seatmap: 'sport:ticket:seatmap',
    level: 'sport:ticket:level',
    sell: 'sport:ticket:sell',
    reserve: 'sport:ticket:reserve',
    reserveApprove: 'sport:ticket:reserveApprove',
    list: 'sport:ticket:list',
    refund: 'sport:ticket:refund',
    check: 'sport:ticket:check',
    checkOverride: 'sport:ticket:checkOverride',
    gate: 'sport:ticket:gate',
    collect: 'sport:ticket:collect',
    reprint: 'sport:ticket:reprint',
    performer: 'sport:ticket:performer',
    notice: 'sport:ticket:notice',
    template: 'sport:ticket:template',
    wantSee: 'sport:ticket:wantSee',
    competitionOrder: 'sport:ticket:competitionOrder',
    data: 'sport:ticket:data',
    distributor: 'sport:ticket:distributor',
    quota: 'sport:ticket:quota',
    external: 'sport:ticket:external',
    package: 'sport:ticket:package',
    stats: 'sport:ticket:stats',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermissionCode = Leaves<typeof Perm>;

/** Role code of a user who holds no role (spec section 3). */
export const ROLE_DEFAULT = 'ROLE_DEFAULT';
/** Role code that holds every permission. */
export const ROLE_ADMIN = 'ROLE_ADMIN';
