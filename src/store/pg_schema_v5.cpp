// Version 5 of the log on a PostgreSQL server, the first: the SQLite file's tables in PostgreSQL's types.
#include "pg_schema_v5.hpp"

namespace ttt::store::detail {

// The SQLite schema of version 5 in PostgreSQL's types: every integer a bigint (so ids and times never
// overflow), bytes as bytea. Functions pin their search_path, so no object planted in another schema
// can stand in for one of ours.
const char* const kPgSchemaV5 = R"sql(
CREATE SCHEMA tictactrace;
CREATE TABLE tictactrace.meta (
    key   text PRIMARY KEY,
    value text NOT NULL
);
CREATE TABLE tictactrace.games (
    id          bigint PRIMARY KEY,
    rules       text   NOT NULL,
    rows        bigint NOT NULL,
    cols        bigint NOT NULL,
    k           bigint NOT NULL,
    exact       bigint NOT NULL,
    min_run     bigint NOT NULL,
    points      bigint NOT NULL,
    x_name      text   NOT NULL,
    o_name      text   NOT NULL,
    status      text   NOT NULL,
    winner      text,
    moves       bigint NOT NULL,
    last_seq    bigint NOT NULL,
    created_ms  bigint NOT NULL,
    updated_ms  bigint NOT NULL,
    forked_from bigint,
    forked_at   bigint
);
CREATE TABLE tictactrace.events (
    game         bigint NOT NULL REFERENCES tictactrace.games (id),
    seq          bigint NOT NULL CHECK (seq >= 0),
    type         text   NOT NULL,
    type_version bigint NOT NULL,
    payload      text   NOT NULL,
    recorded_ms  bigint NOT NULL,
    hash         bytea  NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (game, seq)
);
CREATE TABLE tictactrace.snapshots (
    game       bigint NOT NULL REFERENCES tictactrace.games (id),
    seq        bigint NOT NULL CHECK (seq > 0),
    format     bigint NOT NULL,
    marks      bigint NOT NULL CHECK (marks >= 0),
    kept       bigint NOT NULL CHECK (kept >= 0 AND kept <= marks),
    data       bytea  NOT NULL,
    event_hash bytea  NOT NULL CHECK (length(event_hash) = 32),
    digest     bytea  NOT NULL CHECK (length(digest) = 32),
    PRIMARY KEY (game, seq)
);
CREATE INDEX games_by_x_name ON tictactrace.games (x_name, id);
CREATE INDEX games_by_o_name ON tictactrace.games (o_name, id);
CREATE INDEX games_by_rules ON tictactrace.games (rules, (rows * cols), id);
CREATE INDEX games_by_size ON tictactrace.games ((rows * cols), id);
CREATE INDEX games_by_fork ON tictactrace.games (forked_from, forked_at) WHERE forked_from IS NOT NULL;
CREATE INDEX games_by_status ON tictactrace.games (status, updated_ms);

-- UPDATE, DELETE and TRUNCATE of events are refused whoever connects, the owner too; the roles a
-- classroom makes are not even granted them (classroom.cpp).
CREATE FUNCTION tictactrace.refuse_change() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only: an event cannot be %', lower(TG_OP)
        USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON tictactrace.events
    FOR EACH ROW EXECUTE FUNCTION tictactrace.refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON tictactrace.events
    FOR EACH STATEMENT EXECUTE FUNCTION tictactrace.refuse_change();

-- Every committed event is announced to every listening window: "GAME:SEQ". NOTIFY is delivered at
-- commit and only then, so a window never reads an event that was rolled back.
CREATE FUNCTION tictactrace.announce_event() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog AS $$
BEGIN
    PERFORM pg_notify('tictactrace', NEW.game::text || ':' || NEW.seq::text);
    RETURN NULL;
END
$$;
CREATE TRIGGER events_announce AFTER INSERT ON tictactrace.events
    FOR EACH ROW EXECUTE FUNCTION tictactrace.announce_event();

INSERT INTO tictactrace.meta (key, value) VALUES ('application', 'tictactrace'), ('schema_version', '5');
)sql";

}  // namespace ttt::store::detail
