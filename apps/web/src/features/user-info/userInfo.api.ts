import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDetail } from '@venue/contract';
import { api, http } from '../../app/request.ts';

/** The signed-in user's own record (GET {systemPrefix}user/getInfo/ without id): the user detail of the contract. */
export type OwnProfile = UserDetail;

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
