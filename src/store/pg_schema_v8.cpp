// Version 8 of the log on a PostgreSQL server: a game's study (variations, annotations, lines set aside)
// may be written by whoever may play either side of the game, on a game going on or over; they change no
// mark of the game's own line, so the server's board stays as it was. A promotion, which changes the
// game's result, is still refused here: on a class's log the main line is what was played.
#include "pg_schema_v8.hpp"

namespace ttt::store::detail {

const char* const kPgSchemaV8 =
    R"sql(-- Version 8: the study of a game is written by its players and teachers.
CREATE OR REPLACE FUNCTION tictactrace.append_event(p_game bigint, p_seq bigint, p_type text, p_version bigint,
                                                    p_payload text, p_recorded_ms bigint, p_hash bytea,
                                                    p_status text, p_winner text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
    previous bytea;
    j jsonb;
    p text;
    r integer;
    c integer;
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
        -- result is; verify refolds it. A promotion changes the result, and stays refused (step).
        IF NOT (tictactrace.may_act(g, g.x_name) OR tictactrace.may_act(g, g.o_name)) THEN
            PERFORM tictactrace.refuse(session_user || ' may not write on game ' || p_game);
        END IF;
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
    INSERT INTO tictactrace.events (game, seq, type, type_version, payload, recorded_ms, hash, written_by)
    VALUES (p_game, p_seq, p_type, p_version, p_payload, p_recorded_ms, p_hash, session_user);
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

UPDATE tictactrace.meta SET value = '8' WHERE key = 'schema_version';
)sql";

}  // namespace ttt::store::detail
