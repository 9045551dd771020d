/**
 * The owner's share control calls (SPEC §6): `POST /api/analysis/:id/access-token` issues
 * a new secure link (the previous one stops working), `DELETE` revokes it, and
 * `PUT /api/analysis/:id/link-chat` lets link holders ask questions or not. The owner's
 * bearer or `X-Owner-Token` is added by the api client.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, okJson } from '../../../lib/api-client';
import { forgetShareLink, saveShareLink } from '../../../lib/owner-tokens';

/** Issues (or re-issues) the secure link; answers its address on this site. */
export async function issueSecureLink(id: string): Promise<string> {
  const body = await okJson(api.analysis[':id']['access-token'].$post({ param: { id: encodeURIComponent(id) } }));
  saveShareLink(id, body.access_token);
  return body.access_token;
}

/** Revokes the secure link: every copy of it stops working. */
export async function revokeSecureLink(id: string): Promise<void> {
  await okJson(api.analysis[':id']['access-token'].$delete({ param: { id: encodeURIComponent(id) } }));
  forgetShareLink(id);
}

/** Lets secure-link holders ask questions (or stops them); answers the new setting. */
export async function setLinkChat(id: string, enabled: boolean): Promise<boolean> {
  const body = await okJson(api.analysis[':id']['link-chat'].$put({ param: { id: encodeURIComponent(id) }, json: { enabled } }));
  return body.link_chat_enabled;
}

/** The three calls as mutations; each refreshes the analysis afterwards. */
export function useShareActions(id: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['analysis', id] });
  return {
    issue: useMutation({ mutationFn: () => issueSecureLink(id), onSettled }),
    revoke: useMutation({ mutationFn: () => revokeSecureLink(id), onSettled }),
    linkChat: useMutation({ mutationFn: (enabled: boolean) => setLinkChat(id, enabled), onSettled }),
  };
}

/** The secure link's full address for copying. */
export function shareLinkUrl(id: string, accessToken: string): string {
  return `${window.location.origin}/analysis/${encodeURIComponent(id)}/${encodeURIComponent(accessToken)}`;
}
