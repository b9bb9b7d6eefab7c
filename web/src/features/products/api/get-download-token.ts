import { apiClient } from '../../../lib/api-client';

/** A single-use token, valid for a minute, that lets a plain navigation download a file. */
export const getDownloadToken = () => apiClient.post<{ token: string; expiresAt: string }>('/auth/download-token');
