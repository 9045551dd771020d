/** An inline chart from the transcript: fetched with the viewer's credentials, max 400px tall, hidden if it fails. */
import { useArtifactImageUrl } from '../api/get-artifact';

export function ChartImage({ artifactId, alt, accessToken }: { artifactId: string; alt: string; accessToken: string | null }) {
  const { url, isError, isLoading } = useArtifactImageUrl(artifactId, accessToken);
  if (isError) return null;
  if (isLoading || !url) {
    return <div aria-hidden="true" className="h-48 w-full max-w-xl animate-pulse rounded-xl bg-ink-700/60" />;
  }
  return (
    <figure className="overflow-hidden rounded-xl border border-ink-600 bg-white p-2">
      <img src={url} alt={alt} className="mx-auto max-h-[400px] w-auto max-w-full object-contain" />
    </figure>
  );
}
