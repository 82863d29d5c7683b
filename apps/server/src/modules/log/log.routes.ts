import type { FastifyInstance } from 'fastify';
import { Perm, deletedAnswer, idParams, logCleanQuery, loginLogQuery, loginLogRow, operLogDetail, operLogQuery, operLogRow, page } from '@venue/contract';
import { defineRoute, type AppContext } from '../../platform/http.ts';
import { rowsXlsx, type SheetColumn } from '../../platform/xlsx.ts';
import { scopeOf } from '../../platform/scope.ts';
import { cleanLoginLogs, cleanOperLogs, getLoginLog, getOperLog, listLoginLogs, listOperLogs, loginLogsForExport, operLogsForExport } from './log.service.ts';

const yesNo = [
  { value: 'true', label: { 'zh-CN': '成功', 'en-US': 'Success' } },
  { value: 'false', label: { 'zh-CN': '失败', 'en-US': 'Failure' } },
];

const loginSheet: SheetColumn[] = [
  { key: 'id', title: { 'zh-CN': '编号', 'en-US': 'ID' }, width: 10 },
  { key: 'loginName', title: { 'zh-CN': '登录名', 'en-US': 'Login name' }, width: 18 },
  { key: 'orgName', title: { 'zh-CN': '组织', 'en-US': 'Organisation' }, width: 20 },
  { key: 'ip', title: { 'zh-CN': 'IP 地址', 'en-US': 'IP address' }, width: 16 },
  { key: 'loginWay', title: { 'zh-CN': '登录方式', 'en-US': 'Login way' } },
  { key: 'success', title: { 'zh-CN': '结果', 'en-US': 'Result' }, options: yesNo },
  { key: 'code', title: { 'zh-CN': '结果码', 'en-US': 'Code' } },
  { key: 'msg', title: { 'zh-CN': '说明', 'en-US': 'Message' }, width: 24 },
  { key: 'userAgent', title: { 'zh-CN': '客户端', 'en-US': 'User agent' }, width: 40 },
  { key: 'createdAt', title: { 'zh-CN': '登录时间', 'en-US': 'Time' }, width: 20 },
];

const operSheet: SheetColumn[] = [
  { key: 'id', title: { 'zh-CN': '编号', 'en-US': 'ID' }, width: 10 },
  { key: 'userName', title: { 'zh-CN': '操作人', 'en-US': 'User' }, width: 16 },
  { key: 'orgName', title: { 'zh-CN': '组织', 'en-US': 'Organisation' }, width: 20 },
  { key: 'module', title: { 'zh-CN': '模块', 'en-US': 'Module' } },
  { key: 'action', title: { 'zh-CN': '操作', 'en-US': 'Action' } },
  { key: 'method', title: { 'zh-CN': '请求方式', 'en-US': 'Method' } },
  { key: 'path', title: { 'zh-CN': '请求地址', 'en-US': 'Path' }, width: 36 },
  { key: 'code', title: { 'zh-CN': '结果码', 'en-US': 'Code' } },
  { key: 'durationMs', title: { 'zh-CN': '耗时(毫秒)', 'en-US': 'Duration (ms)' } },
  { key: 'ip', title: { 'zh-CN': 'IP 地址', 'en-US': 'IP address' }, width: 16 },
  { key: 'createdAt', title: { 'zh-CN': '操作时间', 'en-US': 'Time' }, width: 20 },
  { key: 'params', title: { 'zh-CN': '请求参数', 'en-US': 'Parameters' }, width: 60 },
];

/** Login log and operation log screens. */
export function logRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { system } = ctx.config.prefixes;
  const { db } = ctx;

  defineRoute(app, {
    method: 'POST',
    url: `${system}loginLog/list`,
    permission: Perm.loginLog.list,
    module: 'loginLog',
    action: 'list',
    response: page(loginLogRow),
    readOnly: true,
    body: loginLogQuery,
    handler: async ({ body, caller }) => listLoginLogs(db, caller, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}loginLog/export`,
    permission: Perm.loginLog.export,
    module: 'loginLog',
    action: 'export',
    response: 'file',
    body: loginLogQuery,
    handler: async ({ body, caller, req }) => {
      return rowsXlsx(loginSheet, loginLogsForExport(db, caller, body), req.lang, req.lang === 'zh-CN' ? '登录日志' : 'login-log');
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${system}loginLog/clean`,
    permission: Perm.loginLog.remove,
    platformOnly: true,
    module: 'loginLog',
    action: 'clean',
    response: deletedAnswer,
    query: logCleanQuery,
    handler: async ({ query, caller }) => {
      return { deleted: await cleanLoginLogs(db, scopeOf(caller), query.before ?? null) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${system}loginLog/:id`,
    permission: Perm.loginLog.list,
    module: 'loginLog',
    action: 'view',
    response: loginLogRow,
    params: idParams,
    handler: async ({ params, caller }) => getLoginLog(db, caller, params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}operLog/list`,
    permission: Perm.operLog.list,
    module: 'operLog',
    action: 'list',
    response: page(operLogRow),
    readOnly: true,
    body: operLogQuery,
    handler: async ({ body, caller }) => listOperLogs(db, caller, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${system}operLog/export`,
    permission: Perm.operLog.export,
    module: 'operLog',
    action: 'export',
    response: 'file',
    body: operLogQuery,
    handler: async ({ body, caller, req }) => {
      return rowsXlsx(operSheet, operLogsForExport(db, caller, body), req.lang, req.lang === 'zh-CN' ? '操作日志' : 'operation-log');
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${system}operLog/clean`,
    permission: Perm.operLog.remove,
    platformOnly: true,
    module: 'operLog',
    action: 'clean',
    response: deletedAnswer,
    query: logCleanQuery,
    handler: async ({ query, caller }) => {
      return { deleted: await cleanOperLogs(db, scopeOf(caller), query.before ?? null) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${system}operLog/:id`,
    permission: Perm.operLog.list,
    module: 'operLog',
    action: 'view',
    response: operLogDetail,
    params: idParams,
    handler: async ({ params, caller }) => getOperLog(db, caller, params.id),
  });
}
