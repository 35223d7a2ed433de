// A participant's badge: the service's badge image, or the participant's initials when the image
// cannot be loaded (another service without the public image path, or no network).
import { useState } from 'react';
import { useApiClient } from '../../api/use-api-client.ts';
import type { Side } from '../../domain/fixture-text.ts';
import { badgeImageUrl } from './fixture-references.ts';

/** Decorative: the participant's name is always written next to it, so the image has an empty alt. */
export function ParticipantBadge({ side }: { readonly side: Side }) {
  const { baseUrl } = useApiClient();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="participant-badge is-fallback" aria-hidden="true">
        {(side.abbr ?? side.name).slice(0, 3).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="participant-badge"
      src={badgeImageUrl(baseUrl, side.participantId)}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      onError={() => {
        setFailed(true);
      }}
    />
  );
}
