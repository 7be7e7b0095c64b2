// Version 10 of the log on a PostgreSQL server: a live lesson's presentations and polls (live_lesson.hpp).
//
// [SECTION] The tables
// [SECTION] Who reads which answer
// [SECTION] Presenting
// [SECTION] Polls
// [SECTION] Who may call them
//
// Two streams beside the games' events, never among them: a teacher's view is not a move and an answer is no
// move of the game, so no game's hash chain, projection or export sees them. As with the events, nothing a
// member types reaches these tables: members read them, and every write is a call of a function below, run
// with the owner's rights and judging the login that called it (session_user). The server decides: only a
// teacher of the class presents, opens and closes a poll; a student answers only as themself, only while
// the poll is open, only a cell of the game's board; and until the poll closes a student reads no answer but
// their own (row-level security on poll_answers, so that a SELECT typed in psql sees no more). Each stream is
// appended and never rewritten (triggers refuse UPDATE, DELETE and TRUNCATE, the owner's too): a poll's close
// is a row of poll_closes, and a student's changed answer a new row whose predecessors stay. The presenter's
// "still here" is one row the server updates, no part of either stream and announced to nobody. Times are
// the server's clock. Each follower's "still following" is a row per login, updated in place the same way.
// Each write is announced on the channel every window listens on, with its commit.
#include "pg_schema_v10.hpp"

namespace ttt::store::detail {

const char* const kPgSchemaV10 = R"sql(-- Version 10: a live lesson's presentations and polls.
-- [SECTION] The tables

CREATE TABLE tictactrace.presentations (
    id          bigserial PRIMARY KEY,
    presenter   text   NOT NULL,
    recorded_ms bigint NOT NULL,
    game        bigint,
    node        bigint,
    step        bigint,
    view        text,
    CHECK ((game IS NULL) = (view IS NULL))
);
CREATE TABLE tictactrace.presenter (
    one       bigint PRIMARY KEY CHECK (one = 1),
    presenter text   NOT NULL,
    seen_ms   bigint NOT NULL
);
INSERT INTO tictactrace.presenter (one, presenter, seen_ms) VALUES (1, '', 0);
-- Who follows now: a row per login, its time updated in place about once a second (no stream, announced to
-- nobody), so that a poll's "N of M answered" knows M.
CREATE TABLE tictactrace.followers (
    follower text   PRIMARY KEY,
    seen_ms  bigint NOT NULL
);
CREATE TABLE tictactrace.polls (
    id        bigserial PRIMARY KEY,
    game      bigint NOT NULL,
    node      bigint NOT NULL,
    step      bigint NOT NULL,
    opened_by text   NOT NULL,
    opened_ms bigint NOT NULL,
    accepted  text   NOT NULL
);
CREATE TABLE tictactrace.poll_closes (
    id        bigserial PRIMARY KEY,
    poll      bigint NOT NULL REFERENCES tictactrace.polls (id),
    closed_by text   NOT NULL,
    closed_ms bigint NOT NULL
);
CREATE TABLE tictactrace.poll_answers (
    id          bigserial PRIMARY KEY,
    poll        bigint  NOT NULL REFERENCES tictactrace.polls (id),
    student     text    NOT NULL,
    row         bigint  NOT NULL,
    col         bigint  NOT NULL,
    answered_ms bigint  NOT NULL
);
CREATE UNIQUE INDEX poll_closes_by_poll ON tictactrace.poll_closes (poll);
CREATE INDEX poll_answers_by_poll ON tictactrace.poll_answers (poll, student, id);

CREATE FUNCTION tictactrace.refuse_live_change() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog AS $$
BEGIN
    RAISE EXCEPTION 'a live lesson''s % are append-only: a row cannot be %', replace(TG_TABLE_NAME, '_', ' '), lower(TG_OP)
        USING ERRCODE = 'insufficient_privilege';
END
$$;
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['presentations', 'polls', 'poll_closes', 'poll_answers'] LOOP
        EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON tictactrace.%I FOR EACH ROW '
                       'EXECUTE FUNCTION tictactrace.refuse_live_change()', t || '_append_only', t);
        EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON tictactrace.%I FOR EACH STATEMENT '
                       'EXECUTE FUNCTION tictactrace.refuse_live_change()', t || '_no_truncate', t);
    END LOOP;
END
$$;
REVOKE ALL ON tictactrace.presentations, tictactrace.presenter, tictactrace.polls, tictactrace.poll_closes,
    tictactrace.poll_answers, tictactrace.followers FROM PUBLIC;

-- The server's clock in milliseconds, as every row of the streams is stamped.
CREATE FUNCTION tictactrace.now_ms() RETURNS bigint LANGUAGE sql VOLATILE
SET search_path = pg_catalog, pg_temp AS $$
    SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;

-- [SECTION] Who reads which answer

-- Whether the login sees every answer of poll P_POLL: a teacher does, and everyone once the poll is closed.
-- Until then a student sees only their own (the policy below). Run with the owner's rights, so that the
-- policy works for a login that may not call login_is_teacher itself.
CREATE FUNCTION tictactrace.sees_every_answer(p_poll bigint) RETURNS boolean LANGUAGE plpgsql STABLE
SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN tictactrace.login_is_teacher() OR EXISTS (SELECT 1 FROM tictactrace.poll_closes c WHERE c.poll = p_poll);
END
$$;
ALTER TABLE tictactrace.poll_answers ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_or_closed ON tictactrace.poll_answers FOR SELECT
    USING (student = session_user OR tictactrace.sees_every_answer(poll));

-- [SECTION] Presenting

-- Game P_GAME's row, refused unless it has node P_NODE and step P_STEP: what a presentation or a poll is at.
CREATE FUNCTION tictactrace.game_at_step(p_game bigint, p_node bigint, p_step bigint) RETURNS tictactrace.games
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
BEGIN
    SELECT * INTO g FROM tictactrace.games WHERE id = p_game;
    IF NOT FOUND THEN PERFORM tictactrace.refuse('there is no game ' || p_game); END IF;
    IF p_node IS NULL OR p_node < 0 OR p_node > g.last_seq OR p_step IS NULL OR p_step < 0 OR p_step > g.last_seq THEN
        PERFORM tictactrace.refuse('game ' || p_game || ' has no step ' || coalesce(p_step, -1) || ' at node ' ||
                                   coalesce(p_node, -1) || ' (its events are 0 to ' || g.last_seq || ')');
    END IF;
    RETURN g;
END
$$;

-- A row of the presentation stream for the login's view of game P_GAME at node P_NODE (step P_STEP of the line
-- shown), P_VIEW the window's own JSON object; the newest row's id when it already says exactly that (the same
-- view twice is one row). A teacher's only.
CREATE FUNCTION tictactrace.present(p_game bigint, p_node bigint, p_step bigint, p_view text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
    newest tictactrace.presentations;
    kind text;
    made bigint;
BEGIN
    IF NOT tictactrace.login_is_teacher() THEN
        PERFORM tictactrace.refuse('only a teacher of the class may present, not ' || session_user);
    END IF;
    IF p_view IS NULL OR octet_length(p_view) > 16384 THEN
        PERFORM tictactrace.refuse('a presented view is a JSON object of at most 16384 bytes');
    END IF;
    BEGIN
        kind := jsonb_typeof(p_view::jsonb);
    EXCEPTION WHEN others THEN
        kind := NULL;
    END;
    IF kind IS DISTINCT FROM 'object' THEN
        PERFORM tictactrace.refuse('a presented view is a JSON object');
    END IF;
    g := tictactrace.game_at_step(p_game, p_node, p_step);
    -- One presenter's write at a time: the newest row compared with is still the newest when this one lands.
    UPDATE tictactrace.presenter SET presenter = session_user, seen_ms = tictactrace.now_ms() WHERE one = 1;
    SELECT * INTO newest FROM tictactrace.presentations ORDER BY id DESC LIMIT 1;
    IF newest.id IS NOT NULL AND newest.presenter = session_user AND newest.game = p_game AND newest.node = p_node
       AND newest.step = p_step AND newest.view = p_view THEN
        RETURN newest.id;
    END IF;
    INSERT INTO tictactrace.presentations (presenter, recorded_ms, game, node, step, view)
    VALUES (session_user, tictactrace.now_ms(), p_game, p_node, p_step, p_view) RETURNING id INTO made;
    IF pg_catalog.pg_notification_queue_usage() < 0.5 THEN PERFORM pg_catalog.pg_notify('tictactrace', ''); END IF;
    RETURN made;
END
$$;

-- The end of the presentation: a row with no view (none when the newest already is one). A teacher's only.
CREATE FUNCTION tictactrace.stop_presenting() RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    newest tictactrace.presentations;
    made bigint;
BEGIN
    IF NOT tictactrace.login_is_teacher() THEN
        PERFORM tictactrace.refuse('only a teacher of the class may stop a presentation, not ' || session_user);
    END IF;
    UPDATE tictactrace.presenter SET presenter = session_user, seen_ms = 0 WHERE one = 1;
    SELECT * INTO newest FROM tictactrace.presentations ORDER BY id DESC LIMIT 1;
    IF newest.id IS NULL OR newest.view IS NULL THEN RETURN newest.id; END IF;
    INSERT INTO tictactrace.presentations (presenter, recorded_ms) VALUES (session_user, tictactrace.now_ms())
        RETURNING id INTO made;
    IF pg_catalog.pg_notification_queue_usage() < 0.5 THEN PERFORM pg_catalog.pg_notify('tictactrace', ''); END IF;
    RETURN made;
END
$$;

-- "Still here", about once a second from the presenter's window: true when the login is the one presenting
-- (then the time is kept), false otherwise (nothing changes). No row of the stream, and no announcement.
CREATE FUNCTION tictactrace.still_presenting() RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    UPDATE tictactrace.presenter SET seen_ms = tictactrace.now_ms()
    WHERE one = 1 AND presenter = session_user
      AND (SELECT p.presenter = session_user AND p.view IS NOT NULL FROM tictactrace.presentations p ORDER BY p.id DESC LIMIT 1);
    RETURN FOUND;
END
$$;

-- "Still following", about once a second from a follower's window: the login's row keeps the time. Any
-- member of the class may say it follows, as themself only. No row of a stream, and no announcement.
CREATE FUNCTION tictactrace.still_following() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO tictactrace.followers (follower, seen_ms) VALUES (session_user, tictactrace.now_ms())
        ON CONFLICT (follower) DO UPDATE SET seen_ms = excluded.seen_ms;
END
$$;

-- [SECTION] Polls

-- A poll ("Your move?") on node P_NODE (step P_STEP) of game P_GAME; P_ACCEPTED the answers counted right, a
-- JSON array of [row, col] pairs from 1 ('[]' for none). A teacher's only. Returns the poll's id.
CREATE FUNCTION tictactrace.open_poll(p_game bigint, p_node bigint, p_step bigint, p_accepted text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
    cells jsonb;
    bad bigint;
    made bigint;
BEGIN
    IF NOT tictactrace.login_is_teacher() THEN
        PERFORM tictactrace.refuse('only a teacher of the class may open a poll, not ' || session_user);
    END IF;
    g := tictactrace.game_at_step(p_game, p_node, p_step);
    IF p_accepted IS NULL OR octet_length(p_accepted) > 4096 THEN
        PERFORM tictactrace.refuse('a poll''s accepted answers are a JSON array of at most 4096 bytes');
    END IF;
    BEGIN
        cells := p_accepted::jsonb;
        SELECT count(*) INTO bad FROM jsonb_array_elements(cells) e
        WHERE jsonb_typeof(e) <> 'array' OR jsonb_array_length(e) <> 2
           OR (e->>0)::integer NOT BETWEEN 1 AND g.rows OR (e->>1)::integer NOT BETWEEN 1 AND g.cols;
    EXCEPTION WHEN others THEN
        bad := -1;
    END;
    IF bad <> 0 THEN
        PERFORM tictactrace.refuse('a poll''s accepted answers are [row, col] cells of the ' || g.rows || 'x' ||
                                   g.cols || ' board, from 1');
    END IF;
    INSERT INTO tictactrace.polls (game, node, step, opened_by, opened_ms, accepted)
    VALUES (p_game, p_node, p_step, session_user, tictactrace.now_ms(), p_accepted) RETURNING id INTO made;
    IF pg_catalog.pg_notification_queue_usage() < 0.5 THEN PERFORM pg_catalog.pg_notify('tictactrace', ''); END IF;
    RETURN made;
END
$$;

-- The login's answer to poll P_POLL: the cell at P_ROW, P_COL (from 1). Only while the poll is open (the poll's
-- row is held against its close until the answer commits, so an answer acknowledged is an answer counted) and
-- only a cell of the game's board. When the poll is at the game's last step and that step is one of its own
-- line's positions (a move, a take-back, a set-up), the board the server keeps (stones) is the board asked
-- about, and a taken cell is refused too. At any other step whether the cell is free, and at any step whether
-- it is forbidden to the side to move, needs the engine: the writer's program says so before it calls.
CREATE FUNCTION tictactrace.answer_poll(p_poll bigint, p_row integer, p_col integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    n_rows bigint;
    n_cols bigint;
    at_last bigint;
    owner text;
BEGIN
    SELECT g.rows, g.cols, CASE WHEN p.node = g.last_seq THEN p.game END INTO n_rows, n_cols, at_last
    FROM tictactrace.polls p JOIN tictactrace.games g ON g.id = p.game
    WHERE p.id = p_poll FOR SHARE OF p;
    IF NOT FOUND THEN PERFORM tictactrace.refuse('there is no poll ' || p_poll); END IF;
    IF EXISTS (SELECT 1 FROM tictactrace.poll_closes c WHERE c.poll = p_poll) THEN
        PERFORM tictactrace.refuse('poll ' || p_poll || ' is closed');
    END IF;
    IF p_row IS NULL OR p_col IS NULL OR p_row NOT BETWEEN 1 AND n_rows OR p_col NOT BETWEEN 1 AND n_cols THEN
        PERFORM tictactrace.refuse('(' || coalesce(p_row, 0) || ', ' || coalesce(p_col, 0) || ') is off the ' ||
                                   n_rows || 'x' || n_cols || ' board');
    END IF;
    IF at_last IS NOT NULL AND EXISTS (SELECT 1 FROM tictactrace.games g JOIN tictactrace.events e ON e.game = g.id
                                       AND e.seq = g.last_seq WHERE g.id = at_last
                                       AND e.type IN ('move_played', 'move_taken_back', 'game_set_up')) THEN
        SELECT s.player INTO owner FROM tictactrace.stones s WHERE s.game = at_last AND s.row = p_row AND s.col = p_col;
        IF owner IS NOT NULL THEN
            PERFORM tictactrace.refuse('cell (' || p_row || ', ' || p_col || ') is already taken by ' || upper(owner));
        END IF;
    END IF;
    INSERT INTO tictactrace.poll_answers (poll, student, row, col, answered_ms)
    VALUES (p_poll, session_user, p_row, p_col, tictactrace.now_ms());
    IF pg_catalog.pg_notification_queue_usage() < 0.5 THEN PERFORM pg_catalog.pg_notify('tictactrace', ''); END IF;
END
$$;

-- Closes poll P_POLL: from its commit no answer is taken, and every member reads every answer. A teacher's
-- only; closing a closed poll changes nothing.
CREATE FUNCTION tictactrace.close_poll(p_poll bigint) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT tictactrace.login_is_teacher() THEN
        PERFORM tictactrace.refuse('only a teacher of the class may close a poll, not ' || session_user);
    END IF;
    -- Waits for every answer under way, so that each one acknowledged before the close counts.
    PERFORM 1 FROM tictactrace.polls WHERE id = p_poll FOR UPDATE;
    IF NOT FOUND THEN PERFORM tictactrace.refuse('there is no poll ' || p_poll); END IF;
    INSERT INTO tictactrace.poll_closes (poll, closed_by, closed_ms) VALUES (p_poll, session_user, tictactrace.now_ms())
        ON CONFLICT (poll) DO NOTHING;
    IF FOUND AND pg_catalog.pg_notification_queue_usage() < 0.5 THEN PERFORM pg_catalog.pg_notify('tictactrace', ''); END IF;
END
$$;

-- [SECTION] Who may call them

REVOKE ALL ON FUNCTION tictactrace.present(bigint, bigint, bigint, text), tictactrace.stop_presenting(),
    tictactrace.still_presenting(), tictactrace.still_following(),
    tictactrace.open_poll(bigint, bigint, bigint, text), tictactrace.answer_poll(bigint, integer, integer),
    tictactrace.close_poll(bigint), tictactrace.sees_every_answer(bigint), tictactrace.now_ms(),
    tictactrace.game_at_step(bigint, bigint, bigint) FROM PUBLIC;
-- A class's groups read the new tables as every other (answers through the policy) and call the functions,
-- which judge the login; `classroom init` grants the same.
DO $$
DECLARE
    teachers text := (SELECT value FROM tictactrace.meta WHERE key = 'teacher_group');
    students text := (SELECT value FROM tictactrace.meta WHERE key = 'student_group');
BEGIN
    IF teachers IS NOT NULL AND students IS NOT NULL
       AND (SELECT count(*) FROM pg_catalog.pg_roles WHERE rolname IN (teachers, students)) = 2 THEN
        EXECUTE format('GRANT SELECT ON tictactrace.presentations, tictactrace.presenter, tictactrace.polls, '
                       'tictactrace.poll_closes, tictactrace.poll_answers, tictactrace.followers TO %I, %I',
                       teachers, students);
        EXECUTE format('GRANT EXECUTE ON FUNCTION tictactrace.present(bigint, bigint, bigint, text), '
                       'tictactrace.stop_presenting(), tictactrace.still_presenting(), '
                       'tictactrace.still_following(), tictactrace.open_poll(bigint, bigint, bigint, text), '
                       'tictactrace.answer_poll(bigint, integer, integer), tictactrace.close_poll(bigint), '
                       'tictactrace.sees_every_answer(bigint) TO %I, %I', teachers, students);
    END IF;
END
$$;

UPDATE tictactrace.meta SET value = '10' WHERE key = 'schema_version';
)sql";

}  // namespace ttt::store::detail
