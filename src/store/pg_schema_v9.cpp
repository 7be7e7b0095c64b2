// Version 9 of the log on a PostgreSQL server: the index of positions, as a file keeps it, and the study's
// nodes checked by the server.
//
// [SECTION] The index of positions
// [SECTION] Making a game
// [SECTION] Appending an event
// [SECTION] Who may call them
//
// A position's key is the engine's (Zobrist keys over the board and its symmetries, engine/position_key.hpp):
// the server cannot compute it, so the writer sends it. But the index must not be a table a student writes:
// one could then delete or change the rows of other students' games, or fill it. So a row arrives only as
// two more arguments of the call that writes the event it belongs to, and the server puts it under that
// event's own node: create_game writes node 0 of the game it makes, append_event the node of the event it
// appends, and only for an event that makes a position (a move, a take-back, a variation's move), which must
// carry one. Nobody of a class may INSERT, UPDATE or DELETE a row of `positions`; only the owner rebuilds it
// (the upgrade, `verify --repair`). What a writer can still get wrong is the key of their own new node: the
// index is never the truth, `search` checks every match against the position the game's events make, and
// `verify` names the game whose rows differ from what its events make.
//
// The study events name nodes; what the server can check of them without the engine, it checks: a node is
// 0 or the number of an event of the same game that made a node (not an annotation, a line set aside or a
// promotion), and a line set aside starts with a variation's move. Whether a variation's move is legal
// where it is played is the fold's, as a move's result is.
#include "pg_schema_v9.hpp"

namespace ttt::store::detail {

const char* const kPgSchemaV9 =
    R"sql(-- Version 9: the index of positions, written only with the event that makes each row.
-- [SECTION] The index of positions

-- The file's table (schema.cpp, version 6), in PostgreSQL's types: by the symmetric key first, so that a
-- search reads one range of one b-tree.
CREATE TABLE tictactrace.positions (
    sym  bigint NOT NULL,
    game bigint NOT NULL,
    node bigint NOT NULL,
    key  bigint NOT NULL,
    PRIMARY KEY (sym, game, node)
);
-- Whether a game has a study, in one look, as a file has it.
CREATE INDEX events_study ON tictactrace.events (game)
    WHERE type IN ('variation_played', 'line_promoted', 'line_set_aside', 'annotated');

-- Nobody but the owner writes the index: the PUBLIC and class grants below are for reading it.
REVOKE ALL ON tictactrace.positions FROM PUBLIC;

-- [SECTION] Making a game

-- Version 6's create_game, and the row of the game's start (node 0) in the index of positions: P_KEY and
-- P_SYM, the position's key and its symmetric key as the writer's engine computes them.
DROP FUNCTION tictactrace.create_game(text, bigint, text, bigint, bytea, text, text);
CREATE FUNCTION tictactrace.create_game(p_type text, p_version bigint, p_payload text, p_recorded_ms bigint,
                                        p_hash bytea, p_status text, p_winner text,
                                        p_key bigint DEFAULT NULL, p_sym bigint DEFAULT NULL) RETURNS bigint
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
    IF p_key IS NULL OR p_sym IS NULL THEN
        PERFORM tictactrace.refuse('a new game brings the row of its start in the index of positions (its key and '
                                   'symmetric key)');
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
    -- The game was made just now: no row of it can be there, whoever else wrote the index.
    INSERT INTO tictactrace.positions (sym, game, node, key) VALUES (p_sym, g.id, 0, p_key) ON CONFLICT DO NOTHING;
    RETURN g.id;
END
$$;

-- [SECTION] Appending an event

-- Version 8's append_event, and the row of the index of positions that the event makes (P_KEY and P_SYM, put
-- under the event's own node P_SEQ): a move, a take-back and a variation's move bring one, any other event
-- none. A study event's node is checked here as far as the server can see it.
DROP FUNCTION tictactrace.append_event(bigint, bigint, text, bigint, text, bigint, bytea, text, text);
CREATE FUNCTION tictactrace.append_event(p_game bigint, p_seq bigint, p_type text, p_version bigint,
                                         p_payload text, p_recorded_ms bigint, p_hash bytea,
                                         p_status text, p_winner text,
                                         p_key bigint DEFAULT NULL, p_sym bigint DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
    previous bytea;
    j jsonb;
    p text;
    r integer;
    c integer;
    n numeric;
    made text;
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

    -- The common case: a move in turn by the colour's own player, no opening under way, the cell given as
    -- two numbers. What it checks is step's check of a move, written out; anything else, right or wrong,
    -- goes to step (the parentheses keep PL/pgSQL from reading the CASE's THEN as the IF's).
    IF p_type = 'move_played' AND g.opening = 'none' AND g.status = 'playing' THEN
        j := p_payload::jsonb;
        p := j->>'player';
    END IF;
    IF p IS NOT NULL AND p = g.to_move AND jsonb_typeof(j->'row') = 'number' AND jsonb_typeof(j->'col') = 'number'
       AND (session_user = (CASE p WHEN 'x' THEN g.x_name ELSE g.o_name END)
            OR tictactrace.may_act(g, CASE p WHEN 'x' THEN g.x_name ELSE g.o_name END)) THEN
        r := (j->>'row')::integer;
        c := (j->>'col')::integer;
        IF r < 1 OR r > g.rows OR c < 1 OR c > g.cols THEN
            PERFORM tictactrace.refuse('row ' || r || ', col ' || c || ' is off the ' || g.rows || 'x' || g.cols || ' board');
        END IF;
        INSERT INTO tictactrace.stones (game, row, col, player, n) VALUES (p_game, r, c, p, g.stones)
            ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN PERFORM tictactrace.refuse('row ' || r || ', col ' || c || ' is taken'); END IF;
        g.stones := g.stones + 1;
        g.to_move := CASE p WHEN 'x' THEN 'o' ELSE 'x' END;
    ELSIF p_type IN ('variation_played', 'annotated', 'line_set_aside') THEN
        -- The study of a game changes no mark of its own line: whoever may play either side may write it,
        -- on a game over as on one going on. Whether it fits the tree is the writer's fold's, as a move's
        -- result is; verify refolds it.
        IF NOT (tictactrace.may_act(g, g.x_name) OR tictactrace.may_act(g, g.o_name)) THEN
            PERFORM tictactrace.refuse(session_user || ' may not write on game ' || p_game);
        END IF;
        -- What the server can see of the tree: the node named is one of this game's, made by an event that
        -- makes nodes (the start, the game's own line, a variation's move); a line set aside starts with a
        -- variation's move. One look by the events' primary key.
        j := p_payload::jsonb;
        IF jsonb_typeof(j) IS DISTINCT FROM 'object'
           OR jsonb_typeof(j->(CASE p_type WHEN 'variation_played' THEN 'parent' ELSE 'node' END)) IS DISTINCT FROM 'number' THEN
            PERFORM tictactrace.refuse('a ' || p_type || ' names the node it is ' ||
                                       CASE p_type WHEN 'variation_played' THEN 'played from' ELSE 'written on' END);
        END IF;
        n := (j->>(CASE p_type WHEN 'variation_played' THEN 'parent' ELSE 'node' END))::numeric;
        IF n <> pg_catalog.trunc(n) OR n < 0 OR n > g.last_seq THEN
            PERFORM tictactrace.refuse('game ' || p_game || ' has no node ' || n || ' (its nodes are 0 to ' || g.last_seq || ')');
        END IF;
        SELECT e.type INTO made FROM tictactrace.events e WHERE e.game = p_game AND e.seq = n::bigint;
        IF made IN ('annotated', 'line_set_aside', 'line_promoted') THEN
            PERFORM tictactrace.refuse('event ' || n || ' of game ' || p_game || ' (' || made || ') makes no node');
        END IF;
        IF p_type = 'line_set_aside' AND made IS DISTINCT FROM 'variation_played' THEN
            PERFORM tictactrace.refuse('node ' || n || ' of game ' || p_game || ' is no variation''s move: only a variation is set aside');
        END IF;
    ELSIF p_type = 'line_promoted' THEN
        PERFORM tictactrace.refuse('a line is not promoted on a class''s server: the main line of game ' || p_game ||
                                   ' is what was played');
    ELSE
        g := tictactrace.step(g, p_type, p_payload, true);
    END IF;

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

    -- tictactrace.chain_hash's bytes, the writer being the login.
    IF p_hash IS DISTINCT FROM pg_catalog.sha256(previous || pg_catalog.int8send(p_seq) || pg_catalog.int8send(p_recorded_ms)
            || pg_catalog.int4send(p_version::integer)
            || pg_catalog.substring(pg_catalog.int4send(pg_catalog.octet_length(p_type)), 3, 2)
            || pg_catalog.convert_to(p_type, 'UTF8')
            || pg_catalog.int4send(pg_catalog.octet_length(p_payload)) || pg_catalog.convert_to(p_payload, 'UTF8')
            || pg_catalog.substring(pg_catalog.int4send(pg_catalog.octet_length(session_user)), 3, 2)
            || pg_catalog.convert_to(session_user, 'UTF8')) THEN
        PERFORM tictactrace.refuse('event ' || p_seq || ' of game ' || p_game ||
                                   ' does not carry the hash of its place in the chain, written by ' || session_user);
    END IF;
    -- The event's row of the index: one for an event that makes a position, none for any other.
    IF p_type IN ('move_played', 'move_taken_back', 'variation_played') THEN
        IF p_key IS NULL OR p_sym IS NULL THEN
            PERFORM tictactrace.refuse('a ' || p_type || ' brings the row of the position it makes in the index of '
                                       'positions (its key and symmetric key)');
        END IF;
    ELSIF p_key IS NOT NULL OR p_sym IS NOT NULL THEN
        PERFORM tictactrace.refuse('a ' || left(p_type, 32) || ' makes no position: it brings no row of the index of positions');
    END IF;

    INSERT INTO tictactrace.events (game, seq, type, type_version, payload, recorded_ms, hash, written_by)
    VALUES (p_game, p_seq, p_type, p_version, p_payload, p_recorded_ms, p_hash, session_user);
    -- Under the event's own node, which no row can have yet unless the owner put one there by hand (verify
    -- names it): that one is kept rather than failing the move.
    IF p_key IS NOT NULL THEN
        INSERT INTO tictactrace.positions (sym, game, node, key) VALUES (p_sym, p_game, p_seq, p_key) ON CONFLICT DO NOTHING;
    END IF;
    UPDATE tictactrace.games SET status = g.status, winner = g.winner, moves = g.stones, last_seq = p_seq,
        updated_ms = p_recorded_ms, updated = nextval('tictactrace.changes'), x_name = g.x_name, o_name = g.o_name,
        to_move = g.to_move, stones = g.stones, choice1 = g.choice1, choice1_at = g.choice1_at, choice2 = g.choice2
    WHERE id = p_game;
    -- Announced with the write's own commit, payload-free, unless the notification queue is half full:
    -- then the windows' once-a-second look at the change positions finds the move, and a queue that
    -- someone filled can never fail a move at its commit.
    IF pg_catalog.pg_notification_queue_usage() < 0.5 THEN
        PERFORM pg_catalog.pg_notify('tictactrace', '');
    END IF;
END
$$;

-- [SECTION] Who may call them

-- A function is anyone's to call until taken back; a class's groups get them again (their grants went with
-- the functions dropped above), and read the index as they read every table.
REVOKE ALL ON FUNCTION tictactrace.create_game(text, bigint, text, bigint, bytea, text, text, bigint, bigint),
    tictactrace.append_event(bigint, bigint, text, bigint, text, bigint, bytea, text, text, bigint, bigint) FROM PUBLIC;
DO $$
DECLARE
    teachers text := (SELECT value FROM tictactrace.meta WHERE key = 'teacher_group');
    students text := (SELECT value FROM tictactrace.meta WHERE key = 'student_group');
BEGIN
    IF teachers IS NOT NULL AND students IS NOT NULL
       AND (SELECT count(*) FROM pg_catalog.pg_roles WHERE rolname IN (teachers, students)) = 2 THEN
        EXECUTE format('GRANT SELECT ON tictactrace.positions TO %I, %I', teachers, students);
        EXECUTE format('GRANT EXECUTE ON FUNCTION tictactrace.create_game(text, bigint, text, bigint, bytea, text, text, '
                       'bigint, bigint), tictactrace.append_event(bigint, bigint, text, bigint, text, bigint, bytea, '
                       'text, text, bigint, bigint) TO %I, %I', teachers, students);
    END IF;
END
$$;

UPDATE tictactrace.meta SET value = '9' WHERE key = 'schema_version';
)sql";

}  // namespace ttt::store::detail
