/**
 * Server state of the account's TOTP factor (TanStack Query): the current user's factors,
 * enrolment, verifying the first code (which raises the session to aal2) and removal.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enrollTotp, getCurrentUser, unenrollFactor, verifyTotp } from '../../../lib/auth/auth-api';
import type { MfaFactor } from '../../../lib/auth/session-manager';

export const currentUserQueryKey = (userId: string) => ['auth', 'user', userId] as const;

/** The verified TOTP factor, if any, from the server's view of the user. */
export function useTotpFactor(userId: string) {
  return useQuery({
    queryKey: currentUserQueryKey(userId),
    queryFn: getCurrentUser,
    select: (user): MfaFactor | null =>
      user.factors?.find((factor) => factor.factor_type === 'totp' && factor.status === 'verified') ?? null,
  });
}

export function useEnrollTotp() {
  return useMutation({ mutationFn: () => enrollTotp('Authenticator app') });
}

export function useVerifyTotpEnrollment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) => verifyTotp(factorId, code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) }),
  });
}

export function useRemoveTotp(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factorId: string) => unenrollFactor(factorId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey(userId) }),
  });
}
