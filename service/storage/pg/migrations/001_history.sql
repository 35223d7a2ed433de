-- The odds history on PostgreSQL (docs/service.md, "History on PostgreSQL"). The same model as
-- the SQLite store (service/storage/sqlite-schema.ts): interned events, bookmakers and oddsIds,
-- and one narrow row per price change, here range-partitioned by day on changed_at.

CREATE TABLE meta (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- One row per fixture (kind 0) or future (kind 1): the id mapping, the time of its first change
-- (retention needs to know which days an event has rows in), its finish and the simulator's record.
CREATE TABLE event (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind smallint NOT NULL,
  ext_id text NOT NULL,
  first_ms bigint,
  finished_at bigint,
  record text,
  UNIQUE (kind, ext_id)
);
CREATE INDEX event_finished ON event (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE bookmaker (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE
);

-- One row per oddsId: what never changes about a price. selection_id is the outcomeId
-- (fixtures) or the participantId (futures).
CREATE TABLE odds_key (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  odds_id text NOT NULL UNIQUE,
  event_id integer NOT NULL,
  bookmaker_id integer NOT NULL,
  selection_id integer NOT NULL,
  player_id integer NOT NULL,
  market_id integer
);
CREATE INDEX odds_key_event ON odds_key (event_id);

-- One row per recorded change; changed_at is epoch ms (UTC), seq a store-wide counter in append
-- order (ties at the same ms keep that order, and a page cursor is (changed_at, seq)). The
-- primary key is also the index every read of an event walks; being unique, it lets a batch
-- whose commit was cut off be written again without duplicates (ON CONFLICT DO NOTHING).
CREATE TABLE price_change (
  event_id integer NOT NULL,
  changed_at bigint NOT NULL,
  seq bigint NOT NULL,
  odds_key integer NOT NULL,
  price_milli integer NOT NULL,
  price_exact double precision,
  flags smallint NOT NULL,
  stake_limit double precision,
  PRIMARY KEY (event_id, changed_at, seq)
) PARTITION BY RANGE (changed_at);

-- Rows of a day with no partition of its own land here, so no insert ever fails for lack of a
-- partition; retention also moves here the rows of unfinished events from a day it drops.
CREATE TABLE price_change_default PARTITION OF price_change DEFAULT;

-- Time-ordered appends make a BRIN index on time tiny (a few pages per GB) yet enough for
-- time-range scans across events (e.g. what changed in the last hour).
CREATE INDEX price_change_changed_at_brin ON price_change USING brin (changed_at);

CREATE TABLE settlement (
  event_id integer NOT NULL,
  outcome_id integer NOT NULL,
  player_id integer NOT NULL,
  market_id integer NOT NULL,
  grade text NOT NULL,
  rule text NOT NULL,
  score1 integer,
  score2 integer,
  settled_at bigint NOT NULL,
  PRIMARY KEY (event_id, outcome_id, player_id)
);

-- The next seq, advanced in the transaction that writes the changes using it.
CREATE TABLE change_seq (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  next bigint NOT NULL
);
INSERT INTO change_seq (next) VALUES (0);
