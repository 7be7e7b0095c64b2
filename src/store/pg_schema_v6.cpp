// Version 6 of the log on a PostgreSQL server: the server writes the log itself.
//
// [SECTION] Who the login is
// [SECTION] The checks
// [SECTION] The fold the server keeps
// [SECTION] Writing
//
// A student with psql and their own password must not be able to forge, freeze or fill the class's
// log, so nothing a member types reaches a table: members read, and every write is a call of one of
// these functions, run with the owner's rights and judging the login that called it (session_user,
// which no login can change). The server follows each game as far as it can without the engine —
// whose turn it is, who acts for each colour (the opening's choices included), which cells are taken,
// the ids, the names, who wrote each event and the chain hash — and takes from the writer's own fold only
// what needs the engine: whether a move won or filled the board.
#include "pg_schema_v6.hpp"

namespace ttt::store::detail {

const char* const kPgSchemaV6 = R"sql(-- Version 6: the server writes the log itself. Every write is a call of a function below, run with the
-- owner's rights (SECURITY DEFINER) and checking the login that called it (session_user, which a login
-- cannot change): the projection, ids, the board the server keeps and each event's writer are the
-- server's, never a row a student can touch.
CREATE SEQUENCE tictactrace.game_ids;
SELECT pg_catalog.setval('tictactrace.game_ids', coalesce((SELECT max(id) FROM tictactrace.games), 0) + 1, false);
-- Every write takes the next number: a game's `updated` only grows, so a window that sums it sees any
-- commit, in whatever order commits land.
CREATE SEQUENCE tictactrace.changes;

ALTER TABLE tictactrace.events ADD COLUMN written_by text NOT NULL DEFAULT '';
ALTER TABLE tictactrace.games
    ADD COLUMN updated     bigint NOT NULL DEFAULT 0,
    ADD COLUMN created_by  text   NOT NULL DEFAULT '',
    ADD COLUMN to_move     text   NOT NULL DEFAULT 'x',
    ADD COLUMN stones      bigint NOT NULL DEFAULT 0,
    ADD COLUMN opening     text   NOT NULL DEFAULT 'none',
    ADD COLUMN first_name  text   NOT NULL DEFAULT '',
    ADD COLUMN second_name text   NOT NULL DEFAULT '',
    ADD COLUMN choice1     text,
    ADD COLUMN choice1_at  bigint,
    ADD COLUMN choice2     text;
CREATE INDEX games_by_updated ON tictactrace.games (updated);

-- The bounds every row keeps, whoever writes it (NOT VALID: a row of an older release is named by
-- `verify`, not a reason to refuse the upgrade).
ALTER TABLE tictactrace.games
    ADD CONSTRAINT games_status CHECK (status IN ('playing', 'won', 'draw', 'resigned', 'forfeited', 'adjudicated')) NOT VALID,
    ADD CONSTRAINT games_winner CHECK (winner IS NULL OR winner IN ('x', 'o')) NOT VALID,
    ADD CONSTRAINT games_names CHECK (octet_length(x_name) <= 200 AND octet_length(o_name) <= 200) NOT VALID,
    ADD CONSTRAINT games_size CHECK (rows BETWEEN 1 AND 2048 AND cols BETWEEN 1 AND 2048) NOT VALID;
ALTER TABLE tictactrace.events
    ADD CONSTRAINT events_payload CHECK (octet_length(payload) <= 4096 OR type = 'game_set_up') NOT VALID,
    ADD CONSTRAINT events_type CHECK (octet_length(type) <= 32) NOT VALID;

-- The board as the server sees it: a cell per stone, the moves numbered in order (a set-up's stones
-- have no number). A move on a taken cell, or a take-back of anything but the last move, is refused here.
CREATE TABLE tictactrace.stones (
    game   bigint NOT NULL REFERENCES tictactrace.games (id),
    row    integer NOT NULL,
    col    integer NOT NULL,
    player text NOT NULL,
    n      bigint,
    PRIMARY KEY (game, row, col)
);
CREATE UNIQUE INDEX stones_by_move ON tictactrace.stones (game, n) WHERE n IS NOT NULL;

-- A class made by an older release granted its two server-wide groups INSERT and UPDATE on the tables:
-- taken back here, so that from this version on nobody of a class writes a table, even before the owner
-- runs `classroom init` again (which gives the class its own groups).
DO $$
BEGIN
    IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tictactrace_student') THEN
        REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA tictactrace FROM tictactrace_student;
    END IF;
    IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tictactrace_teacher') THEN
        REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA tictactrace FROM tictactrace_teacher;
    END IF;
END
$$;

-- The announcement moves out of the write: the writer sends one NOTIFY after its commit (a full
-- notification queue then fails the notification, never the move).
DROP TRIGGER events_announce ON tictactrace.events;
DROP FUNCTION tictactrace.announce_event();

-- [SECTION] Who the login is

-- The class's group roles, named after its database (classroom init): NULL on a log that is no class.
--
-- The helpers below are PL/pgSQL without a SET clause: PL/pgSQL keeps their plans for the session, where a
-- SQL function called from PL/pgSQL is planned again in every transaction, and a SET would cost a
-- configuration change at every call. They run inside the writing functions, which pin search_path; every
-- name in them is schema-qualified all the same.
CREATE FUNCTION tictactrace.class_group(kind text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN (SELECT m.value FROM tictactrace.meta m WHERE m.key = kind || '_group');
END
$$;

-- A teacher of this class: a member of this class's teacher group (a superuser is a member of every role),
-- or the database's owner. A log that is no class has no groups: only its owner was granted the writing
-- functions, and whoever else the owner granted them to.
CREATE FUNCTION tictactrace.login_is_teacher() RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
    grp text := tictactrace.class_group('teacher');
BEGIN
    IF grp IS NULL OR pg_catalog.pg_has_role(session_user, grp, 'MEMBER') THEN RETURN true; END IF;
    RETURN session_user = (SELECT pg_catalog.pg_get_userbyid(d.datdba) FROM pg_catalog.pg_database d
                           WHERE d.datname = pg_catalog.current_database());
END
$$;

-- Whether NAME is a login of this class: only such a name's moves are that login's alone. A name that
-- is no member (the computer, an engine, a friend at home) may be played by either player of its game.
CREATE FUNCTION tictactrace.is_member(name text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON r.oid = m.member
                   JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
                   WHERE r.rolname = name
                     AND g.rolname IN (tictactrace.class_group('teacher'), tictactrace.class_group('student')));
END
$$;

-- Whether the login may write for the person NAME in game G.
CREATE FUNCTION tictactrace.may_act(g tictactrace.games, name text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
    -- Cheapest first: a player moving for themself is the common case.
    IF session_user = name THEN RETURN true; END IF;
    IF tictactrace.login_is_teacher() THEN RETURN true; END IF;
    RETURN session_user IN (g.x_name, g.o_name, g.first_name, g.second_name) AND NOT tictactrace.is_member(name);
END
$$;

-- [SECTION] The checks

CREATE FUNCTION tictactrace.refuse(message text) RETURNS void LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION '%', message USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE FUNCTION tictactrace.check_name(name text, subject text) RETURNS void LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF name IS NULL THEN PERFORM tictactrace.refuse(subject || ' is missing'); END IF;
    IF octet_length(name) > 200 THEN
        PERFORM tictactrace.refuse(subject || ' is ' || octet_length(name) || ' bytes long; at most 200 are allowed');
    END IF;
    IF name ~ '[\x01-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]' THEN
        PERFORM tictactrace.refuse(subject || ' holds a control character');
    END IF;
END
$$;

-- What the opening waits for with STONES on the board: ('place'|'choose', 'first'|'second'), or NULL.
CREATE FUNCTION tictactrace.opening_step(g tictactrace.games, stones bigint, OUT kind text, OUT who text)
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF g.opening = 'none' THEN RETURN; END IF;
    IF g.choice1 IS NULL THEN
        IF stones < 3 THEN kind := 'place'; who := 'first'; ELSE kind := 'choose'; who := 'second'; END IF;
    ELSIF g.choice1 = 'place_two' AND g.choice2 IS NULL THEN
        IF stones < g.choice1_at + 2 THEN kind := 'place'; who := 'second'; ELSE kind := 'choose'; who := 'first'; END IF;
    END IF;
END
$$;

CREATE FUNCTION tictactrace.opener_name(g tictactrace.games, who text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN CASE who WHEN 'first' THEN g.first_name ELSE g.second_name END;
END
$$;

-- The person who acts for colour P now: the opener placing the opening's stones, else the colour's player.
CREATE FUNCTION tictactrace.colour_name(g tictactrace.games, p text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN CASE p WHEN 'x' THEN g.x_name ELSE g.o_name END;
END
$$;

-- [SECTION] The fold the server keeps

-- Applies one event after the first to G's server state (the row is saved by the caller). CHECKED: the
-- login's rights are checked as well (a replay of a stored log checks only its consistency).
CREATE FUNCTION tictactrace.step(g INOUT tictactrace.games, p_type text, p_payload text, checked boolean)
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    j jsonb;
    p text;
    other text;
    r integer;
    c integer;
    actor text;
    st record;
    top record;
    chooser text;
BEGIN
    -- Not JSON: the cast itself refuses it (no handler, so no subtransaction on every event).
    j := p_payload::jsonb;
    IF jsonb_typeof(j) <> 'object' THEN PERFORM tictactrace.refuse('the ' || p_type || ' payload is not an object'); END IF;
    p := j->>'player';
    IF p IS NOT NULL AND p NOT IN ('x', 'o') THEN PERFORM tictactrace.refuse('a player is x or o'); END IF;
    other := CASE p WHEN 'x' THEN 'o' ELSE 'x' END;

    IF p_type IN ('game_created', 'game_forked', 'game_set_up') THEN
        PERFORM tictactrace.refuse('a game has one creating event, its first');
    END IF;
    IF g.status <> 'playing' AND p_type <> 'move_taken_back' THEN
        PERFORM tictactrace.refuse('game ' || g.id || ' is over (' || g.status || ')');
    END IF;

    IF p_type IN ('move_played', 'move_taken_back') THEN
        IF p IS NULL THEN PERFORM tictactrace.refuse('a ' || p_type || ' names its player'); END IF;
        IF jsonb_typeof(j->'row') <> 'number' OR jsonb_typeof(j->'col') <> 'number' THEN
            PERFORM tictactrace.refuse('a ' || p_type || ' names its row and col');
        END IF;
        r := (j->>'row')::integer;
        c := (j->>'col')::integer;
    END IF;

    IF p_type = 'move_played' THEN
        -- The common case first and cheapest (each expression here is set up anew in every transaction):
        -- no opening under way, the colour's own player moving.
        IF g.opening = 'none' THEN
            actor := CASE p WHEN 'x' THEN g.x_name ELSE g.o_name END;
        ELSE
            st := tictactrace.opening_step(g, g.stones);
            IF st.kind = 'choose' THEN
                PERFORM tictactrace.refuse('the opening waits for ' || tictactrace.opener_name(g, st.who) || '''s choice, not a move');
            END IF;
            actor := CASE WHEN st.kind = 'place' THEN tictactrace.opener_name(g, st.who) ELSE tictactrace.colour_name(g, p) END;
        END IF;
        IF checked AND p <> g.to_move THEN
            PERFORM tictactrace.refuse('it is ' || upper(g.to_move) || '''s turn (' || tictactrace.colour_name(g, g.to_move) ||
                                       '), not ' || upper(p) || '''s');
        END IF;
        IF checked AND session_user <> actor AND NOT tictactrace.may_act(g, actor) THEN
            PERFORM tictactrace.refuse(session_user || ' may not move for ' || actor || ' (' || upper(p) || ') in game ' || g.id);
        END IF;
        IF r < 1 OR r > g.rows OR c < 1 OR c > g.cols THEN
            PERFORM tictactrace.refuse('row ' || r || ', col ' || c || ' is off the ' || g.rows || 'x' || g.cols || ' board');
        END IF;
        INSERT INTO tictactrace.stones (game, row, col, player, n) VALUES (g.id, r, c, p, g.stones)
            ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN PERFORM tictactrace.refuse('row ' || r || ', col ' || c || ' is taken'); END IF;
        g.stones := g.stones + 1;
        g.to_move := other;
    ELSIF p_type = 'move_taken_back' THEN
        SELECT * INTO top FROM tictactrace.stones WHERE game = g.id AND n IS NOT NULL ORDER BY n DESC LIMIT 1;
        IF NOT FOUND OR top.row <> r OR top.col <> c OR top.player <> p THEN
            PERFORM tictactrace.refuse('only the last move can be taken back');
        END IF;
        IF g.choice1 IS NOT NULL AND g.stones - 1 < (CASE WHEN g.choice2 IS NOT NULL THEN g.choice1_at + 2 ELSE g.choice1_at END) THEN
            PERFORM tictactrace.refuse('a stone placed before an opening choice cannot be taken back');
        END IF;
        st := tictactrace.opening_step(g, g.stones - 1);
        actor := CASE WHEN st.kind = 'place' THEN tictactrace.opener_name(g, st.who) ELSE tictactrace.colour_name(g, p) END;
        IF checked AND NOT tictactrace.may_act(g, actor) THEN
            PERFORM tictactrace.refuse(session_user || ' may not take back the move of ' || actor || ' (' || upper(p) || ') in game ' || g.id);
        END IF;
        DELETE FROM tictactrace.stones WHERE game = g.id AND row = r AND col = c;
        g.stones := g.stones - 1;
        g.to_move := p;
        g.status := 'playing';
        g.winner := NULL;
    ELSIF p_type IN ('resigned', 'forfeited') THEN
        IF p IS NULL THEN PERFORM tictactrace.refuse('a ' || p_type || ' names its player'); END IF;
        actor := tictactrace.colour_name(g, p);
        IF checked AND NOT tictactrace.may_act(g, actor) THEN
            PERFORM tictactrace.refuse(session_user || ' may not ' || CASE p_type WHEN 'resigned' THEN 'resign' ELSE 'forfeit' END ||
                                       ' for ' || actor || ' (' || upper(p) || ') in game ' || g.id);
        END IF;
        IF p_type = 'forfeited' AND octet_length(coalesce(j->>'detail', '')) > 200 THEN
            PERFORM tictactrace.refuse('a forfeit''s detail has at most 200 bytes');
        END IF;
        g.status := p_type;
        g.winner := other;
    ELSIF p_type = 'game_adjudicated' THEN
        IF checked AND NOT (tictactrace.may_act(g, g.x_name) AND tictactrace.may_act(g, g.o_name)) THEN
            PERFORM tictactrace.refuse('only a teacher, or a player whose opponent is no member of the class, may decide game ' || g.id || ' off the board');
        END IF;
        IF coalesce(j->>'result', '') NOT IN ('x', 'o', 'draw') THEN PERFORM tictactrace.refuse('an adjudication''s result is x, o or draw'); END IF;
        g.status := 'adjudicated';
        g.winner := CASE WHEN j->>'result' = 'draw' THEN NULL ELSE j->>'result' END;
    ELSIF p_type = 'opening_chosen' THEN
        st := tictactrace.opening_step(g, g.stones);
        IF st.kind IS DISTINCT FROM 'choose' THEN PERFORM tictactrace.refuse('the opening waits for no choice now'); END IF;
        IF j->>'by' IS DISTINCT FROM st.who THEN PERFORM tictactrace.refuse('this choice is the ' || st.who || ' player''s'); END IF;
        actor := tictactrace.opener_name(g, st.who);
        IF checked AND NOT tictactrace.may_act(g, actor) THEN
            PERFORM tictactrace.refuse(session_user || ' may not choose for ' || actor || ' in game ' || g.id);
        END IF;
        IF coalesce(j->>'choice', '') NOT IN ('take_black', 'take_white', 'place_two')
           OR (j->>'choice' = 'place_two' AND NOT (g.opening = 'swap2' AND g.choice1 IS NULL)) THEN
            PERFORM tictactrace.refuse('that opening choice is not on offer');
        END IF;
        IF g.choice1 IS NULL THEN
            g.choice1 := j->>'choice';
            g.choice1_at := g.stones;
        ELSE
            g.choice2 := j->>'choice';
        END IF;
        IF j->>'choice' <> 'place_two' THEN
            chooser := tictactrace.opener_name(g, st.who);
            IF j->>'choice' = 'take_black' THEN
                g.x_name := chooser;
                g.o_name := CASE WHEN st.who = 'first' THEN g.second_name ELSE g.first_name END;
            ELSE
                g.o_name := chooser;
                g.x_name := CASE WHEN st.who = 'first' THEN g.second_name ELSE g.first_name END;
            END IF;
        END IF;
    ELSE
        PERFORM tictactrace.refuse('unknown event type ' || left(p_type, 32));
    END IF;
END
$$;

-- [SECTION] Writing

-- The chain hash of event_hash.cpp, byte for byte: the previous hash, the sequence number, the time,
-- the type's version, the type and the payload each after its length, and the writer after its own.
CREATE FUNCTION tictactrace.chain_hash(previous bytea, seq bigint, p_type text, version bigint, payload text,
                                       recorded_ms bigint, writer text) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN pg_catalog.sha256(previous || pg_catalog.int8send(seq) || pg_catalog.int8send(recorded_ms)
                  || pg_catalog.int4send(version::integer)
                  || pg_catalog.substring(pg_catalog.int4send(pg_catalog.octet_length(p_type)), 3, 2)
                  || pg_catalog.convert_to(p_type, 'UTF8')
                  || pg_catalog.int4send(pg_catalog.octet_length(payload)) || pg_catalog.convert_to(payload, 'UTF8')
                  || CASE WHEN writer = '' THEN ''::bytea
                          ELSE pg_catalog.substring(pg_catalog.int4send(pg_catalog.octet_length(writer)), 3, 2)
                               || pg_catalog.convert_to(writer, 'UTF8') END);
END
$$;

CREATE FUNCTION tictactrace.insert_event(game bigint, seq bigint, p_type text, version bigint, payload text,
                                         recorded_ms bigint, hash bytea, previous bytea) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF octet_length(payload) > 4096 AND p_type <> 'game_set_up' THEN
        PERFORM tictactrace.refuse('an event''s payload has at most 4096 bytes, not ' || octet_length(payload));
    END IF;
    -- tictactrace.chain_hash's bytes written out: one function call fewer on every append.
    IF hash IS DISTINCT FROM pg_catalog.sha256(previous || pg_catalog.int8send(seq) || pg_catalog.int8send(recorded_ms)
            || pg_catalog.int4send(version::integer)
            || pg_catalog.substring(pg_catalog.int4send(pg_catalog.octet_length(p_type)), 3, 2)
            || pg_catalog.convert_to(p_type, 'UTF8')
            || pg_catalog.int4send(pg_catalog.octet_length(payload)) || pg_catalog.convert_to(payload, 'UTF8')
            || pg_catalog.substring(pg_catalog.int4send(pg_catalog.octet_length(session_user)), 3, 2)
            || pg_catalog.convert_to(session_user, 'UTF8')) THEN
        PERFORM tictactrace.refuse('event ' || seq || ' of game ' || game ||
                                   ' does not carry the hash of its place in the chain, written by ' || session_user);
    END IF;
    INSERT INTO tictactrace.events (game, seq, type, type_version, payload, recorded_ms, hash, written_by)
    VALUES (game, seq, p_type, version, payload, recorded_ms, hash, session_user);
END
$$;

-- Makes a game from its creating event; returns its id, which the server chose.
CREATE FUNCTION tictactrace.create_game(p_type text, p_version bigint, p_payload text, p_recorded_ms bigint,
                                        p_hash bytea, p_status text, p_winner text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    j jsonb;
    r jsonb;
    g tictactrace.games;
BEGIN
    IF p_type NOT IN ('game_created', 'game_forked', 'game_set_up') THEN
        PERFORM tictactrace.refuse('a game starts with game_created, game_forked or game_set_up, not ' || left(p_type, 32));
    END IF;
    IF p_type <> 'game_set_up' AND octet_length(p_payload) > 4096 THEN
        PERFORM tictactrace.refuse('an event''s payload has at most 4096 bytes, not ' || octet_length(p_payload));
    END IF;
    BEGIN
        j := p_payload::jsonb;
        r := j->'rules';
        g.rows := (r->>'rows')::bigint;
        g.cols := (r->>'cols')::bigint;
        g.k := (r->>'k')::bigint;
        g.exact := CASE WHEN (r->'exact')::boolean THEN 1 ELSE 0 END;
        g.min_run := coalesce((r->>'min_run')::bigint, 0);
        g.points := coalesce((r->>'points')::bigint, 0);
    EXCEPTION WHEN others THEN
        PERFORM tictactrace.refuse('the ' || p_type || ' payload does not hold the game''s rules');
    END;
    g.rules := r->>'name';
    IF g.rules IS NULL OR g.rules NOT IN ('classic', 'fullline', 'gomoku', 'mnk', 'score', 'renju', 'caro') THEN
        PERFORM tictactrace.refuse('unknown rules');
    END IF;
    IF g.rows NOT BETWEEN 1 AND 2048 OR g.cols NOT BETWEEN 1 AND 2048 THEN
        PERFORM tictactrace.refuse('a board has 1 to 2048 rows and columns');
    END IF;
    IF p_type = 'game_set_up' AND octet_length(p_payload) > 1024 + 16 * g.rows * g.cols THEN
        PERFORM tictactrace.refuse('the set-up''s payload is larger than its board can need');
    END IF;
    g.x_name := j->>'x';
    g.o_name := j->>'o';
    PERFORM tictactrace.check_name(g.x_name, 'X''s name');
    PERFORM tictactrace.check_name(g.o_name, 'O''s name');
    IF NOT (tictactrace.login_is_teacher() OR session_user IN (g.x_name, g.o_name)) THEN
        PERFORM tictactrace.refuse(session_user || ' may not make a game of ' || g.x_name || ' v ' || g.o_name ||
                                   ': a student makes games they play in');
    END IF;
    IF p_status IS DISTINCT FROM 'playing' OR p_winner IS NOT NULL THEN
        PERFORM tictactrace.refuse('a new game is being played');
    END IF;
    g.opening := coalesce(j->>'opening', 'none');
    IF g.opening NOT IN ('none', 'swap', 'swap2') THEN PERFORM tictactrace.refuse('unknown opening rule'); END IF;
    g.first_name := g.x_name;
    g.second_name := g.o_name;
    g.to_move := 'x';
    g.stones := 0;
    IF j ? 'from' THEN
        BEGIN
            g.forked_from := (j->>'from')::bigint;
            g.forked_at := (j->>'at')::bigint;
        EXCEPTION WHEN others THEN
            PERFORM tictactrace.refuse('a fork names the game and the step it starts from');
        END;
        -- The source may be in another log (a fork copied or imported alone): its number is a note.
        IF g.forked_at < 0 THEN PERFORM tictactrace.refuse('a fork starts from a step of its source'); END IF;
    ELSIF p_type = 'game_forked' THEN
        PERFORM tictactrace.refuse('a fork names the game and the step it starts from');
    ELSE
        g.forked_at := NULL;
    END IF;
    IF p_type = 'game_set_up' THEN
        g.to_move := j->>'to_move';
        IF g.to_move IS NULL OR g.to_move NOT IN ('x', 'o') THEN PERFORM tictactrace.refuse('a set-up says who moves first'); END IF;
    END IF;
    g.id := nextval('tictactrace.game_ids');
    g.status := 'playing';
    g.moves := 0;
    g.last_seq := 0;
    g.created_ms := p_recorded_ms;
    g.updated_ms := p_recorded_ms;
    g.created_by := session_user;
    g.updated := nextval('tictactrace.changes');
    INSERT INTO tictactrace.games SELECT g.*;
    IF p_type = 'game_set_up' THEN
        BEGIN
            INSERT INTO tictactrace.stones (game, row, col, player)
            SELECT g.id, (cell->>0)::integer, (cell->>1)::integer, colour
            FROM (SELECT 'x' AS colour, jsonb_array_elements(j->'x_cells') AS cell
                  UNION ALL SELECT 'o', jsonb_array_elements(j->'o_cells')) cells;
        EXCEPTION WHEN others THEN
            PERFORM tictactrace.refuse('the set-up''s cells are not distinct [row,col] pairs');
        END;
        IF EXISTS (SELECT 1 FROM tictactrace.stones s WHERE s.game = g.id AND (s.row NOT BETWEEN 1 AND g.rows OR s.col NOT BETWEEN 1 AND g.cols)) THEN
            PERFORM tictactrace.refuse('a set-up''s cell is off the board');
        END IF;
    END IF;
    PERFORM tictactrace.insert_event(g.id, 0, p_type, p_version, p_payload, p_recorded_ms, p_hash,
                                     decode(repeat('00', 32), 'hex'));
    RETURN g.id;
END
$$;

-- Appends event SEQ to game GAME; STATUS and WINNER are the game's after it as the writer's fold says
-- (the one thing the server cannot fold: whether a move won or filled the board).
CREATE FUNCTION tictactrace.append_event(p_game bigint, p_seq bigint, p_type text, p_version bigint, p_payload text,
                                         p_recorded_ms bigint, p_hash bytea, p_status text, p_winner text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
    previous bytea;
BEGIN
    -- The size first: nothing larger is even parsed.
    IF octet_length(p_payload) > 4096 THEN
        PERFORM tictactrace.refuse('an event''s payload has at most 4096 bytes, not ' || octet_length(p_payload));
    END IF;
    SELECT * INTO g FROM tictactrace.games WHERE id = p_game FOR UPDATE;
    IF NOT FOUND THEN PERFORM tictactrace.refuse('there is no game ' || p_game); END IF;
    IF p_seq <> g.last_seq + 1 THEN
        RAISE EXCEPTION 'game % has its event % already; this write expected % to be the last', p_game, g.last_seq, p_seq - 1
            USING ERRCODE = 'serialization_failure';
    END IF;
    SELECT hash INTO previous FROM tictactrace.events WHERE game = p_game AND seq = g.last_seq;
    g := tictactrace.step(g, p_type, p_payload, true);
    -- The result after a move is the writer's fold's: play goes on, a win (in the score game a full board
    -- can be the other player's win), or a draw.
    IF p_type = 'move_played' THEN
        IF NOT ((p_status = 'playing' AND p_winner IS NULL) OR (p_status = 'won' AND p_winner IN ('x', 'o'))
                OR (p_status = 'draw' AND p_winner IS NULL)) THEN
            PERFORM tictactrace.refuse('a move leaves its game being played, won or drawn');
        END IF;
        g.status := p_status;
        g.winner := p_winner;
    ELSIF g.status IS DISTINCT FROM p_status OR g.winner IS DISTINCT FROM p_winner THEN
        PERFORM tictactrace.refuse('the server and this tictactrace disagree on the result of game ' || p_game);
    END IF;
    PERFORM tictactrace.insert_event(p_game, p_seq, p_type, p_version, p_payload, p_recorded_ms, p_hash, previous);
    g.moves := g.stones;
    g.last_seq := p_seq;
    g.updated_ms := p_recorded_ms;
    g.updated := nextval('tictactrace.changes');
    UPDATE tictactrace.games SET status = g.status, winner = g.winner, moves = g.moves, last_seq = g.last_seq,
        updated_ms = g.updated_ms, updated = g.updated, x_name = g.x_name, o_name = g.o_name, to_move = g.to_move,
        stones = g.stones, choice1 = g.choice1, choice1_at = g.choice1_at, choice2 = g.choice2
    WHERE id = p_game;
END
$$;

-- Holds off other writers of GAME until the commit: only for a login that may write to it, so that no
-- one can hold a game that is not theirs.
CREATE FUNCTION tictactrace.lock_game(p_game bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM 1 FROM tictactrace.games g WHERE g.id = p_game
        AND (tictactrace.login_is_teacher() OR session_user IN (g.x_name, g.o_name, g.first_name, g.second_name))
    FOR UPDATE;
END
$$;

-- The server's state of every game rebuilt from its events: after an upgrade, and by `verify --repair`.
CREATE FUNCTION tictactrace.rebuild_server_state() RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
    e record;
    j jsonb;
BEGIN
    DELETE FROM tictactrace.stones;
    FOR g IN SELECT * FROM tictactrace.games ORDER BY id LOOP
        SELECT type, payload INTO e FROM tictactrace.events WHERE game = g.id AND seq = 0;
        CONTINUE WHEN NOT FOUND;
        BEGIN
            j := e.payload::jsonb;
            g.first_name := coalesce(j->>'x', g.x_name);
            g.second_name := coalesce(j->>'o', g.o_name);
            g.x_name := g.first_name;
            g.o_name := g.second_name;
            g.opening := coalesce(j->>'opening', 'none');
            g.to_move := CASE WHEN e.type = 'game_set_up' THEN coalesce(j->>'to_move', 'x') ELSE 'x' END;
            g.stones := 0;
            g.status := 'playing';
            g.winner := NULL;
            g.choice1 := NULL; g.choice1_at := NULL; g.choice2 := NULL;
            IF e.type = 'game_set_up' THEN
                INSERT INTO tictactrace.stones (game, row, col, player)
                SELECT g.id, (cell->>0)::integer, (cell->>1)::integer, colour
                FROM (SELECT 'x' AS colour, jsonb_array_elements(j->'x_cells') AS cell
                      UNION ALL SELECT 'o', jsonb_array_elements(j->'o_cells')) cells
                ON CONFLICT DO NOTHING;
            END IF;
            FOR e IN SELECT type, payload FROM tictactrace.events WHERE game = g.id AND seq > 0 ORDER BY seq LOOP
                IF e.type = 'move_played' THEN
                    -- The status the fold gave is kept from the projection; the rest is the server's own.
                    g.status := 'playing';
                END IF;
                g := tictactrace.step(g, e.type, e.payload, false);
            END LOOP;
        EXCEPTION WHEN others THEN
            -- A log the server cannot follow (an older release's forgery): `verify` names the game.
            NULL;
        END;
        UPDATE tictactrace.games SET x_name = g.x_name, o_name = g.o_name, to_move = g.to_move, stones = g.stones,
            opening = g.opening, first_name = g.first_name, second_name = g.second_name,
            choice1 = g.choice1, choice1_at = g.choice1_at, choice2 = g.choice2,
            updated = nextval('tictactrace.changes')
        WHERE id = g.id;
    END LOOP;
END
$$;

REVOKE ALL ON FUNCTION tictactrace.create_game(text, bigint, text, bigint, bytea, text, text),
    tictactrace.append_event(bigint, bigint, text, bigint, text, bigint, bytea, text, text),
    tictactrace.lock_game(bigint), tictactrace.rebuild_server_state() FROM PUBLIC;

SELECT tictactrace.rebuild_server_state();
UPDATE tictactrace.meta SET value = '6' WHERE key = 'schema_version';
)sql";

}  // namespace ttt::store::detail
