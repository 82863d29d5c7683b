import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, http } from '../../app/request.ts';

/** The signed-in user's own record (GET {systemPrefix}user/getInfo/ without id). */
export interface OwnProfile {
  id: number;
  userId: number;
  code: string;
  no: string | null;
  name: string;
  status: number;
  mobile: string | null;
  email: string | null;
  sex: 1 | 2 | null;
  birthday: string | null;
  officePhone: string | null;
  jobNumber: string | null;
  address: string | null;
  remark: string | null;
  orgId: number;
  orgName: string;
  registerDate: string | null;
  createTime: string;
  updateTime: string;
  version: number;
  roles: { id: number; code: string; name: string; orgId: number; orgName: string; status: number }[];
  orgs: { orgId: number; orgName: string; orgCode: string; enterpriseType: number; status: number; isDefault: boolean }[];
  defaultOrgId: number;
}

export type ProfileEdit = Pick<OwnProfile, 'name' | 'mobile' | 'email' | 'sex' | 'officePhone' | 'address' | 'remark'>;

const PROFILE_KEY = ['userInfo', 'profile'] as const;

export function useOwnProfile() {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: () => http.get<OwnProfile>(api.system('user/getInfo/')) });
}

/** PUT {systemPrefix}user/{id}: the server lets only users who may edit users do this (there is no self-service edit). */
export function useSaveOwnProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ProfileEdit & { id: number; version: number }) => http.put<OwnProfile>(api.system(`user/${id}`), body),
    onSuccess: (saved) => qc.setQueryData(PROFILE_KEY, saved),
  });
}
