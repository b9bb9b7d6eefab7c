import type { AuthResponse, LoginBody } from '@bosun/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { startSession } from '../session-context';

export const login = (body: LoginBody) => apiClient.post<AuthResponse>('/auth/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (auth) => startSession(queryClient, auth),
  });
}
