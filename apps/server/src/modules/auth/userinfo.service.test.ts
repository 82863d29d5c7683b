import { describe, expect, it } from 'vitest';
import { pickCurrentOrg } from './userinfo.service.ts';

describe('currentOrg of the user info', () => {
  const orgs = [
    { orgId: 1, orgName: '平台运营中心', enterpriseType: 1 },
    { orgId: 7, orgName: '示范体育中心', enterpriseType: 3 },
  ];

  it('is the listed organisation matching the id', () => {
    expect(pickCurrentOrg(orgs, 7, 'ignored')).toEqual({ orgId: 7, orgName: '示范体育中心', enterpriseType: 3 });
  });

  it('falls back to enterpriseType 1 with the given id and name when the list is empty', () => {
    expect(pickCurrentOrg([], 9, '默认组织')).toEqual({ orgId: 9, orgName: '默认组织', enterpriseType: 1 });
  });
});
