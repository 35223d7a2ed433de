// Word lists and rules that compose realistic names for generated teams and players: club
// patterns by country, US team nicknames, esports tags, first and last names by nationality,
// plus slugs and unique abbreviations.

import type { SeededRandom } from './seeded-random.ts';
import { CatalogueError } from './sports.ts';

/** Lowercase ASCII slug: diacritics dropped, every other run of non-alphanumerics a hyphen. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  if (slug === '') throw new CatalogueError(`"${text}" has no letters or digits to slug`);
  return slug;
}

function asciiUpper(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/gu, '');
}

/** Words that never start an abbreviation (club-form prefixes). */
const FORM_WORDS = new Set([
  'FC', 'CF', 'SV', 'VFB', 'VFL', 'SC', 'CD', 'UD', 'SD', 'BC', 'KK', 'HC', 'IF', 'HK', 'TSV', 'IK', 'AS', 'TEAM',
  'REAL', 'ATLETICO', 'DEPORTIVO', 'RACING', 'BORUSSIA', 'FORTUNA', 'EINTRACHT', 'VIRTUS', 'PALLACANESTRO', 'ASVEL',
]);

/**
 * A 3-letter abbreviation unique within `taken` (which it extends): the first three letters of
 * the distinctive word ("FC Köln" → KOL), else initials of a multi-word place ("Salt Lake City"
 * → SLC), else variants with later letters, else a trailing digit. Throws `CatalogueError` when
 * the name has fewer than two letters.
 */
export function abbreviate(name: string, taken: Set<string>): string {
  const words = name
    .split(/[\s.-]+/u)
    .map(asciiUpper)
    .filter((w) => w !== '');
  const distinctive = words.filter((w) => !FORM_WORDS.has(w));
  const main = distinctive.length > 0 ? distinctive : words;
  const letters = main.join('');
  if (letters.length < 2) throw new CatalogueError(`cannot abbreviate "${name}": fewer than two letters`);
  const candidates: string[] = [];
  const first = main[0] ?? '';
  if (main.length >= 3) candidates.push(main.map((w) => w[0] ?? '').join('').slice(0, 3));
  // "St. Louis" → STL: a short first word borrows the next word's letters.
  candidates.push(letters.slice(0, 3).padEnd(3, 'X'));
  if (main.length === 2 && first.length >= 3) candidates.push(`${first[0] ?? ''}${(main[1] ?? '').slice(0, 2)}`.padEnd(3, 'X'));
  for (let i = 1; i < letters.length; i += 1) {
    for (let j = i + 1; j < letters.length; j += 1) candidates.push(`${letters[0] ?? ''}${letters[i] ?? ''}${letters[j] ?? ''}`);
  }
  for (const candidate of candidates) {
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
  for (let n = 2; ; n += 1) {
    const candidate = `${letters.slice(0, 2)}${n}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

/** Nicknames of North American and Japanese teams ("Denver Comets"). */
export const TEAM_NICKNAMES: readonly string[] = [
  'Anchors', 'Bison', 'Blizzard', 'Bobcats', 'Captains', 'Comets', 'Condors', 'Cyclones', 'Express', 'Foxes',
  'Glaciers', 'Guardians', 'Hammers', 'Herons', 'Highlanders', 'Ironmen', 'Jackrabbits', 'Lumberjacks',
  'Marshals', 'Miners', 'Monarchs', 'Mustangs', 'Navigators', 'Nighthawks', 'Outlaws', 'Owls', 'Pioneers',
  'Pilots', 'Quakes', 'Redwoods', 'Rockets', 'Sentinels', 'Stallions', 'Thunderbirds', 'Tornadoes',
  'Voyagers', 'Wranglers', 'Yetis', 'Zephyrs', 'Huskies', 'Prospectors', 'Aviators',
];

export const ESPORTS_ADJECTIVES: readonly string[] = [
  'Crimson', 'Iron', 'Silver', 'Onyx', 'Solar', 'Lunar', 'Storm', 'Frost', 'Neon', 'Royal', 'Shadow', 'Echo',
  'Nova', 'Apex', 'Blaze', 'Void',
];

export const ESPORTS_NOUNS: readonly string[] = [
  'Wolves', 'Falcons', 'Titans', 'Vipers', 'Ravens', 'Phoenix', 'Dragons', 'Knights', 'Rangers', 'Hydra',
  'Tigers', 'Serpents', 'Lions', 'Sharks', 'Spartans', 'Warriors', 'Owls', 'Cobras', 'Panthers', 'Golems',
];

const HANDLE_HEADS = ['Ka', 'Ze', 'Ryu', 'Vex', 'No', 'Lu', 'Mi', 'Sky', 'Jin', 'Rix', 'Ta', 'Zo', 'Kai', 'Fen', 'Yo', 'Bre', 'Oh', 'Sa'];
const HANDLE_TAILS = ['ro', 'x', 'n', 'ra', 'zy', 'ki', 'to', 'lix', 'va', 'de', 'mo', 'ku', 'sh', 'ri'];

/** An esports handle ("Kairo", "Vexlix") not in `taken`, which it extends. */
export function esportsHandle(rng: SeededRandom, taken: Set<string>): string {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const handle = `${rng.pick(HANDLE_HEADS)}${rng.pick(HANDLE_TAILS)}`;
    const name = attempt < 200 ? handle : `${handle}${rng.int(1, 99)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  throw new CatalogueError('ran out of esports handles');
}

interface NamePool {
  readonly male: readonly string[];
  readonly female: readonly string[];
  readonly last: readonly string[];
}

/** First and last names by nationality (the country codes of places.ts). */
export const NAME_POOLS: Readonly<Record<string, NamePool>> = {
  eng: {
    male: ['Jack', 'Harry', 'Oliver', 'George', 'Charlie', 'Thomas', 'James', 'Daniel', 'Ben', 'Luke', 'Sam', 'Ryan'],
    female: ['Emily', 'Sophie', 'Olivia', 'Jessica', 'Lucy', 'Katie', 'Hannah', 'Amy'],
    last: ['Walker', 'Hughes', 'Turner', 'Cooper', 'Morris', 'Bennett', 'Ward', 'Fletcher', 'Barker', 'Holmes', 'Lambert', 'Shaw', 'Pearce', 'Marsh'],
  },
  usa: {
    male: ['Tyler', 'Brandon', 'Marcus', 'Jordan', 'Austin', 'Cody', 'Darius', 'Trevor', 'Jalen', 'Caleb', 'Derek', 'Malik', 'Garrett', 'Brett'],
    female: ['Madison', 'Taylor', 'Ashley', 'Brooke', 'Kayla', 'Morgan', 'Alexis', 'Sydney'],
    last: ['Johnson', 'Carter', 'Mitchell', 'Brooks', 'Reed', 'Hayes', 'Coleman', 'Bryant', 'Sanders', 'Wallace', 'Porter', 'Henderson', 'Griffin', 'Tucker', 'Holloway', 'Whitfield'],
  },
  can: {
    male: ['Connor', 'Logan', 'Mathieu', 'Nathan', 'Dylan', 'Alexandre', 'Evan', 'Cole'],
    female: ['Chloé', 'Emma', 'Leah', 'Gabrielle'],
    last: ['Tremblay', 'Gagnon', 'MacDonald', 'Roy', 'Bouchard', 'Fraser', 'Campbell', 'Lavoie', 'Pelletier', 'Gauthier'],
  },
  deu: {
    male: ['Lukas', 'Jonas', 'Felix', 'Leon', 'Maximilian', 'Tim', 'Niklas', 'Florian', 'Jan', 'Moritz', 'Tobias', 'Kai'],
    female: ['Laura', 'Anna', 'Lena', 'Julia', 'Sophie', 'Marie', 'Lea', 'Katharina'],
    last: ['Müller', 'Schmidt', 'Becker', 'Hoffmann', 'Wagner', 'Krüger', 'Neumann', 'Zimmermann', 'Hartmann', 'Brandt', 'Vogel', 'Lorenz', 'Seidel', 'Winkler'],
  },
  esp: {
    male: ['Pablo', 'Álvaro', 'Javier', 'Sergio', 'Adrián', 'Diego', 'Iker', 'Rubén', 'Marcos', 'Hugo', 'Raúl', 'Unai'],
    female: ['Lucía', 'Paula', 'Carla', 'Marta', 'Nerea', 'Sara', 'Alba', 'Irene'],
    last: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Serrano', 'Molina'],
  },
  fra: {
    male: ['Lucas', 'Hugo', 'Théo', 'Antoine', 'Maxime', 'Julien', 'Clément', 'Baptiste', 'Quentin', 'Romain'],
    female: ['Camille', 'Manon', 'Léa', 'Chloé', 'Inès', 'Pauline', 'Margaux', 'Océane'],
    last: ['Martin', 'Bernard', 'Dubois', 'Moreau', 'Laurent', 'Girard', 'Bonnet', 'Mercier', 'Fontaine', 'Chevalier', 'Rousseau', 'Blanc'],
  },
  ita: {
    male: ['Lorenzo', 'Matteo', 'Alessandro', 'Andrea', 'Davide', 'Federico', 'Simone', 'Riccardo', 'Tommaso', 'Marco'],
    female: ['Giulia', 'Martina', 'Chiara', 'Sara', 'Elisa', 'Francesca', 'Alessia', 'Beatrice'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo'],
  },
  swe: {
    male: ['Erik', 'Oskar', 'Viktor', 'Gustav', 'Axel', 'Filip', 'Emil', 'Anton', 'Linus', 'Hugo'],
    female: ['Elsa', 'Ebba', 'Maja', 'Wilma', 'Alva', 'Saga'],
    last: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Lindqvist', 'Holm', 'Berg', 'Sandström', 'Ekström', 'Lund'],
  },
  jpn: {
    male: ['Haruto', 'Yuto', 'Sota', 'Ren', 'Takumi', 'Kaito', 'Daiki', 'Shota', 'Ryota', 'Kenta'],
    female: ['Yui', 'Hina', 'Aoi', 'Sakura', 'Misaki', 'Nanami'],
    last: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato', 'Yoshida', 'Yamada'],
  },
  srb: {
    male: ['Nikola', 'Marko', 'Stefan', 'Luka', 'Miloš', 'Nemanja', 'Aleksa', 'Filip', 'Vuk', 'Dušan'],
    female: ['Ana', 'Jelena', 'Milica', 'Teodora', 'Katarina', 'Nina'],
    last: ['Jovanović', 'Petrović', 'Nikolić', 'Marković', 'Đorđević', 'Stojanović', 'Ilić', 'Pavlović', 'Kovačević', 'Popović'],
  },
  grc: {
    male: ['Giorgos', 'Nikos', 'Kostas', 'Dimitris', 'Giannis', 'Vasilis', 'Panagiotis', 'Thanasis'],
    female: ['Maria', 'Eleni', 'Katerina', 'Sofia'],
    last: ['Papadopoulos', 'Georgiou', 'Nikolaidis', 'Karagiannis', 'Vlachos', 'Oikonomou', 'Antoniou', 'Dimitriou'],
  },
  arg: {
    male: ['Facundo', 'Tomás', 'Agustín', 'Nicolás', 'Joaquín', 'Franco', 'Mateo', 'Santiago'],
    female: ['Sofía', 'Valentina', 'Camila', 'Florencia'],
    last: ['González', 'Rodríguez', 'Gómez', 'Díaz', 'Pereyra', 'Acosta', 'Medina', 'Cabrera', 'Aguirre', 'Benítez'],
  },
  cze: {
    male: ['Jakub', 'Tomáš', 'Jan', 'Ondřej', 'Vojtěch', 'Lukáš'],
    female: ['Tereza', 'Karolína', 'Barbora', 'Markéta', 'Kateřina', 'Lucie'],
    last: ['Novák', 'Svoboda', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák'],
  },
  pol: {
    male: ['Jakub', 'Kacper', 'Mateusz', 'Piotr', 'Hubert', 'Kamil'],
    female: ['Zofia', 'Magdalena', 'Agnieszka', 'Natalia', 'Aleksandra', 'Weronika'],
    last: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański'],
  },
  rou: {
    male: ['Andrei', 'Alexandru', 'Mihai', 'Ștefan', 'Radu'],
    female: ['Andreea', 'Ioana', 'Elena', 'Irina', 'Simona', 'Cristina'],
    last: ['Popescu', 'Ionescu', 'Dumitrescu', 'Stan', 'Constantin', 'Munteanu', 'Cojocaru', 'Niculescu'],
  },
  aus: {
    male: ['Lachlan', 'Mitchell', 'Hamish', 'Jai', 'Riley', 'Bailey'],
    female: ['Ellie', 'Matilda', 'Georgia', 'Zoe'],
    last: ['Nguyen', 'Kelly', 'Ryan', 'Murphy', 'Harrison', 'Doyle', 'Barnes', 'Fitzgerald'],
  },
  chn: {
    male: ['Wei', 'Hao', 'Jun', 'Yang', 'Lei', 'Tao'],
    female: ['Xinyu', 'Lin', 'Yue', 'Jing', 'Min', 'Ying'],
    last: ['Wang', 'Zhang', 'Liu', 'Chen', 'Zheng', 'Zhou', 'Wu', 'Xu'],
  },
};

export type Gender = 'male' | 'female';

/**
 * "First Last" from the pool of `countryCode`, unique within `taken` (which it extends); after
 * many collisions a middle initial separates namesakes. Throws `CatalogueError` for a country
 * without a pool.
 */
export function personName(rng: SeededRandom, countryCode: string, gender: Gender, taken: Set<string>): { first: string; last: string; full: string } {
  const pool = NAME_POOLS[countryCode];
  if (pool === undefined) throw new CatalogueError(`no name pool for country "${countryCode}"`);
  const firsts = gender === 'male' ? pool.male : pool.female;
  for (let attempt = 0; ; attempt += 1) {
    const first = rng.pick(firsts);
    const last = rng.pick(pool.last);
    const middle = attempt < 50 ? '' : ` ${String.fromCharCode(65 + rng.int(0, 25))}.`;
    const full = `${first}${middle} ${last}`;
    if (!taken.has(full)) {
      taken.add(full);
      return { first, last, full };
    }
  }
}
