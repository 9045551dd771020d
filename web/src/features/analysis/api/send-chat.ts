/** `POST /api/analysis/:id/chat` `{ message }`: the answer is appended to the transcript. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, okJson } from '../../../lib/api-client';
import { analysisQueryKey } from './get-analysis';

export function sendChatMessage(id: string, accessToken: string | null, message: string): Promise<unknown> {
  const query = accessToken ? { access_token: accessToken } : {};
  return okJson(api.analysis[':id'].chat.$post({ param: { id: encodeURIComponent(id) }, query, json: { message } }));
}

export function useSendChat(id: string | undefined, accessToken: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendChatMessage(id ?? '', accessToken, message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analysisQueryKey(id ?? '', accessToken) }),
  });
}
