// Words for the extras tabs: statistic names, injury statuses and the "where do these come from"
// sentence for data the service offers on the stream only.
import type { InjuryStatus } from '../../wire/shared-schemas.ts';

/** `shotsOnTarget` → `Shots on target` (stat names are an open vocabulary, so no table of names). */
export function statName(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.length === 0 ? key : words.charAt(0).toUpperCase() + words.slice(1);
}

/** An injury status in words. */
export function injuryStatusText(status: InjuryStatus): string {
  switch (status) {
    case 'out':
      return 'Out';
    case 'doubtful':
      return 'Doubtful';
    case 'questionable':
      return 'Questionable';
    default: {
      const unknown: never = status;
      return String(unknown);
    }
  }
}

/** What a tab says before the stream delivered its channel for the fixture. */
export function streamOnlyText(what: string, channel: string): string {
  return `No ${what} received yet. Not offered by this service over REST: ${what} come only on the stream's “${channel}” channel, and none has arrived for this fixture since the page opened.`;
}
