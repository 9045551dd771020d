/** `POST /api/analysis/:id/chat` `{ message }`: the answer is appended to the transcript. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';
import { analysisQueryKey } from './get-analysis';

export function sendChatMessage(id: string, accessToken: string | null, message: string): Promise<unknown> {
  const query = accessToken ? `?access_token=${encodeURIComponent(accessToken)}` : '';
  return requestJson(`/analysis/${encodeURIComponent(id)}/chat${query}`, { json: { message } });
}

export function useSendChat(id: string | undefined, accessToken: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendChatMessage(id ?? '', accessToken, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analysisQueryKey(id ?? '', accessToken) }),
  });
}
