// Version 11 of the log on a PostgreSQL server: the analyses of games (game_analysis.hpp).
//
// [SECTION] The tables
// [SECTION] Storing an analysis
// [SECTION] Who may call it
//
// An analysis is what an engine thought of every position of a game, stored beside the game's events and
// never among them: no game's hash chain, projection or export sees it. As with the events and a live lesson,
// nothing a member types reaches these tables: members read them, and the one write is a call of
// store_analysis, run with the owner's rights, which takes the whole analysis at once (its head and every
// position, so that no reader ever sees half of one), names the login that called it (session_user) as its
// writer, and refuses a game that does not exist or a cell off the game's board. Anyone who may read the game
// (every member of the class) may store their own analysis of it. Nobody alters or deletes one, the owner
// neither (triggers refuse UPDATE, DELETE and TRUNCATE). Rows and columns count from 1, as in the events'
// payloads.
#include "pg_schema_v11.hpp"

namespace ttt::store::detail {

const char* const kPgSchemaV11 = R"sql(-- Version 11: the analyses of games.
-- [SECTION] The tables

CREATE TABLE tictactrace.analyses (
    id         bigserial PRIMARY KEY,
    game       bigint NOT NULL,
    engine     text   NOT NULL,
    version    text   NOT NULL,
    settings   text   NOT NULL,
    writer     text   NOT NULL,
    created_ms bigint NOT NULL,
    positions  bigint NOT NULL
);
CREATE INDEX analyses_by_game ON tictactrace.analyses (game, id);
CREATE TABLE tictactrace.analysed_positions (
    analysis   bigint NOT NULL REFERENCES tictactrace.analyses (id),
    ordinal    bigint NOT NULL,
    step       bigint NOT NULL,
    node       bigint NOT NULL,
    eval_kind  text   NOT NULL,
    eval_score bigint NOT NULL,
    eval_plies bigint NOT NULL,
    best_row   bigint,
    best_col   bigint,
    line       text   NOT NULL,
    played_row bigint,
    played_col bigint,
    loss_ppm   bigint,
    flag       text   NOT NULL,
    PRIMARY KEY (analysis, ordinal)
);

CREATE FUNCTION tictactrace.refuse_analysis_change() RETURNS trigger LANGUAGE plpgsql
SET search_path = pg_catalog AS $$
BEGIN
    RAISE EXCEPTION 'a stored analysis is kept as it was written: a row of % cannot be %', replace(TG_TABLE_NAME, '_', ' '), lower(TG_OP)
        USING ERRCODE = 'insufficient_privilege';
END
$$;
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['analyses', 'analysed_positions'] LOOP
        EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON tictactrace.%I FOR EACH ROW '
                       'EXECUTE FUNCTION tictactrace.refuse_analysis_change()', t || '_kept', t);
        EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON tictactrace.%I FOR EACH STATEMENT '
                       'EXECUTE FUNCTION tictactrace.refuse_analysis_change()', t || '_no_truncate', t);
    END LOOP;
END
$$;
REVOKE ALL ON tictactrace.analyses, tictactrace.analysed_positions FROM PUBLIC;

-- [SECTION] Storing an analysis

-- The login's analysis of game P_GAME by engine P_ENGINE (its version P_VERSION, asked with P_SETTINGS), its
-- positions P_POSITIONS a JSON array in order, each {"step", "node", "kind", "score", "plies", "best": [row, col]
-- or null, "line": [[row, col], ...], "played": [row, col] or null, "loss_ppm": millionths or null, "flag"}.
-- All of it or nothing. Returns the analysis's id.
CREATE FUNCTION tictactrace.store_analysis(p_game bigint, p_engine text, p_version text, p_settings text,
                                          p_positions text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    g tictactrace.games;
    items jsonb;
    n bigint;
    made bigint;
    bad bigint;
BEGIN
    SELECT * INTO g FROM tictactrace.games WHERE id = p_game;
    IF NOT FOUND THEN PERFORM tictactrace.refuse('there is no game ' || coalesce(p_game, 0)); END IF;
    IF p_engine IS NULL OR p_engine = '' OR p_version IS NULL OR p_settings IS NULL OR octet_length(p_engine) > 4096
       OR octet_length(p_version) > 4096 OR octet_length(p_settings) > 4096 THEN
        PERFORM tictactrace.refuse('an analysis names its engine, and says its version and settings, in at most '
                                   '4096 bytes each');
    END IF;
    BEGIN
        items := p_positions::jsonb;
        n := jsonb_array_length(items);
    EXCEPTION WHEN others THEN
        n := -1;
    END;
    IF n < 0 OR n > 100000 THEN
        PERFORM tictactrace.refuse('an analysis''s positions are a JSON array of at most 100000');
    END IF;
    INSERT INTO tictactrace.analyses (game, engine, version, settings, writer, created_ms, positions)
    VALUES (p_game, p_engine, p_version, p_settings, session_user,
            (extract(epoch FROM clock_timestamp()) * 1000)::bigint, n) RETURNING id INTO made;
    BEGIN
        INSERT INTO tictactrace.analysed_positions (analysis, ordinal, step, node, eval_kind, eval_score, eval_plies,
                                                    best_row, best_col, line, played_row, played_col, loss_ppm, flag)
        SELECT made, e.ordinal - 1, (e.p->>'step')::bigint, (e.p->>'node')::bigint, e.p->>'kind',
               (e.p->>'score')::bigint, (e.p->>'plies')::bigint, (e.p->'best'->>0)::bigint,
               (e.p->'best'->>1)::bigint, coalesce(e.p->'line', '[]'::jsonb)::text, (e.p->'played'->>0)::bigint,
               (e.p->'played'->>1)::bigint, (e.p->>'loss_ppm')::bigint, e.p->>'flag'
        FROM jsonb_array_elements(items) WITH ORDINALITY AS e (p, ordinal);
    EXCEPTION WHEN others THEN
        PERFORM tictactrace.refuse('an analysis''s position is an object of whole numbers, cells and words');
    END;
    SELECT min(ordinal) INTO bad FROM tictactrace.analysed_positions a
    WHERE a.analysis = made
      AND (a.step IS NULL OR a.node IS NULL OR a.step < 0 OR a.node < 0 OR a.eval_score IS NULL OR a.eval_plies IS NULL
           OR a.eval_kind IS NULL OR a.eval_kind NOT IN ('estimate', 'win', 'loss', 'draw', 'margin')
           OR a.flag IS NULL OR a.flag NOT IN ('none', 'inaccuracy', 'mistake', 'blunder', 'missed win')
           OR a.loss_ppm NOT BETWEEN 0 AND 1000000
           OR (a.best_row IS NULL) <> (a.best_col IS NULL) OR (a.played_row IS NULL) <> (a.played_col IS NULL)
           OR a.best_row NOT BETWEEN 1 AND g.rows OR a.best_col NOT BETWEEN 1 AND g.cols
           OR a.played_row NOT BETWEEN 1 AND g.rows OR a.played_col NOT BETWEEN 1 AND g.cols
           OR jsonb_typeof(a.line::jsonb) <> 'array' OR jsonb_array_length(a.line::jsonb) > 256
           OR EXISTS (SELECT 1 FROM jsonb_array_elements(a.line::jsonb) c
                      WHERE jsonb_typeof(c) <> 'array' OR jsonb_array_length(c) <> 2
                         OR jsonb_typeof(c->0) <> 'number' OR jsonb_typeof(c->1) <> 'number'
                         OR (c->>0)::numeric NOT BETWEEN 1 AND g.rows OR (c->>1)::numeric NOT BETWEEN 1 AND g.cols));
    IF bad IS NOT NULL THEN
        PERFORM tictactrace.refuse('position ' || (bad + 1) || ' of the analysis is not one of game ' || p_game ||
                                   '''s ' || g.rows || 'x' || g.cols || ' board (a cell off it, an unknown word, or '
                                   'a loss outside 0 to 1)');
    END IF;
    IF pg_catalog.pg_notification_queue_usage() < 0.5 THEN PERFORM pg_catalog.pg_notify('tictactrace', ''); END IF;
    RETURN made;
END
$$;

-- [SECTION] Who may call it

REVOKE ALL ON FUNCTION tictactrace.store_analysis(bigint, text, text, text, text) FROM PUBLIC;
-- A class's groups read the new tables as every other and call the function, which names the login; `classroom
-- init` grants the same.
DO $$
DECLARE
    teachers text := (SELECT value FROM tictactrace.meta WHERE key = 'teacher_group');
    students text := (SELECT value FROM tictactrace.meta WHERE key = 'student_group');
BEGIN
    IF teachers IS NOT NULL AND students IS NOT NULL
       AND (SELECT count(*) FROM pg_catalog.pg_roles WHERE rolname IN (teachers, students)) = 2 THEN
        EXECUTE format('GRANT SELECT ON tictactrace.analyses, tictactrace.analysed_positions TO %I, %I',
                       teachers, students);
        EXECUTE format('GRANT EXECUTE ON FUNCTION tictactrace.store_analysis(bigint, text, text, text, text) '
                       'TO %I, %I', teachers, students);
    END IF;
END
$$;

UPDATE tictactrace.meta SET value = '11' WHERE key = 'schema_version';
)sql";

}  // namespace ttt::store::detail
