import type { AuthResponse, RegisterBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { startSession } from '../session-context';

export const register = (body: RegisterBody) => apiClient.post<AuthResponse>('/auth/register', body);

/** Registration signs the new account in (SPEC §4 Session). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (auth) => startSession(queryClient, auth),
  });
}
