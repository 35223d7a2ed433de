// Media redirects: `/{lang}/media/participants/{id}/badge` (keyed) answers 302 to a badge image
// the service really serves at `/media/badges/{id}.svg` (public, so an <img> can load it without
// the key ever entering a URL). The badge is generated: initials on the team's colours.
import type { FastifyInstance } from 'fastify';
import type { ParticipantRef } from '../../catalogue/types.ts';
import type { ReferenceIndex } from '../../catalogue/reference-data.ts';
import type { ApiHandler } from '../app.ts';
import { invalidFilters, notFound } from '../errors.ts';
import { requireSport } from '../scope.ts';

/** Two colours derived from the id, so a team keeps its colours across restarts. */
function coloursOf(participantId: number): [string, string] {
  const hue = (participantId * 137.508) % 360;
  return [`hsl(${hue.toFixed(0)} 62% 36%)`, `hsl(${((hue + 180) % 360).toFixed(0)} 70% 88%)`];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

/**
 * The badge image: initials and colours only. It is served without a key, so it must carry no
 * team name (no label, no title); a page writes the name next to it.
 */
export function badgeSvg(participant: ParticipantRef): string {
  const [primary, secondary] = coloursOf(participant.participantId);
  const initials = escapeXml(participant.participantAbbr.slice(0, 3).toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" aria-hidden="true">
<path d="M32 2 L58 10 V30 C58 46 46 56 32 62 C18 56 6 46 6 30 V10 Z" fill="${primary}" stroke="${secondary}" stroke-width="3"/>
<text x="32" y="39" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${initials.length > 2 ? 15 : 19}" font-weight="700" fill="${secondary}">${initials}</text>
</svg>
`;
}

const ID = /^\d{1,9}$/;

export function badgeRedirectHandler(reference: ReferenceIndex): ApiHandler {
  return (_query, request, reply) => {
    const raw = (request.params as { participantId?: string }).participantId ?? '';
    if (!ID.test(raw)) throw invalidFilters(`participantId must be an integer, got "${raw.slice(0, 40)}".`);
    const participant = reference.participantById.get(Number(raw));
    if (!participant) throw notFound(`No participant ${raw}.`);
    if (request.entitlement) requireSport(request.entitlement, participant.sportId);
    return reply.redirect(`/media/badges/${participant.participantId}.svg`, 302);
  };
}

/** The public image route (no key: initials and colours, nothing the badge redirect would not show). */
export function registerBadgeImages(app: FastifyInstance, reference: ReferenceIndex): void {
  app.get('/media/badges/:file', (request, reply) => {
    const file = (request.params as { file?: string }).file ?? '';
    const match = /^(\d{1,9})\.svg$/.exec(file);
    const participant = match?.[1] === undefined ? undefined : reference.participantById.get(Number(match[1]));
    if (!participant) {
      return reply.status(404).send({ error: 404, message: `No badge ${file.slice(0, 40)}.`, code: 'not_found' });
    }
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(badgeSvg(participant));
  });
}
