/**
 * Artifact bodies (SPEC §6–7): markdown/text from `/api/artifact-content/:id` and images
 * from `/api/artifact-image/:id`, with the bearer token or the secure link's
 * `access_token` query. Images become temporary object URLs, revoked when unused.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ensureOk } from '../../../lib/api-client';

const artifactRoutes = { content: api['artifact-content'][':id'], image: api['artifact-image'][':id'] };

/** The typed client's arguments for one artifact: its id, and the link token or download flag when given. */
function artifactArgs(id: string, accessToken: string | null, download: boolean) {
  return {
    param: { id: encodeURIComponent(id) },
    query: { access_token: accessToken ?? undefined, download: download ? '1' : undefined },
  };
}

/** The artifact's URL on this origin, for a plain link (a secure-link holder's download). */
export function artifactUrl(kind: 'content' | 'image', id: string, accessToken: string | null, download = false): string {
  return `/api${artifactRoutes[kind].$path(artifactArgs(id, accessToken, download))}`;
}

async function fetchArtifact(kind: 'content' | 'image', id: string, accessToken: string | null, download = false) {
  return ensureOk(await artifactRoutes[kind].$get(artifactArgs(id, accessToken, download)));
}

export async function fetchArtifactText(id: string, accessToken: string | null): Promise<string> {
  const response = await fetchArtifact('content', id, accessToken);
  return response.text();
}

export function useArtifactText(id: string, accessToken: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['artifact-text', id, accessToken],
    queryFn: () => fetchArtifactText(id, accessToken),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

async function fetchArtifactBlob(id: string, accessToken: string | null): Promise<Blob> {
  const response = await fetchArtifact('image', id, accessToken);
  return response.blob();
}

/** An object URL for an artifact image; null while loading, or on error (callers hide it). */
export function useArtifactImageUrl(id: string, accessToken: string | null) {
  const query = useQuery({
    queryKey: ['artifact-image', id, accessToken],
    queryFn: () => fetchArtifactBlob(id, accessToken),
    staleTime: Infinity,
    retry: false,
  });
  const blob = query.data;
  const url = useObjectUrl(blob);
  return { url, isError: query.isError, isLoading: query.isLoading };
}

/** One object URL per mounted image, revoked when it unmounts or the blob changes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is created here so that the cleanup below can revoke it
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** Saves an artifact for a bearer-only viewer (a new tab can't carry the bearer header). */
export async function downloadArtifact(id: string, fileName: string): Promise<void> {
  const response = await fetchArtifact('content', id, null, true);
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
