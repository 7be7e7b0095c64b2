// Version 12 of the log on a PostgreSQL server: an analysed position's candidate moves (game_analysis.hpp).
//
// [SECTION] The table
// [SECTION] Storing an analysis, its candidates with it
// [SECTION] Who may read it
//
// An engine asked for its N best moves of each position tells each with its evaluation and line. They are
// stored with the analysis, in the same one call of store_analysis (each position's "candidates" member), so
// that no reader sees an analysis without them; the table is written by nobody else and kept as the rest of
// an analysis is: triggers refuse UPDATE, DELETE and TRUNCATE, the owner's too. The function keeps its
// signature, so that what `classroom init` and version 11 granted on it still holds.
#include "pg_schema_v12.hpp"

namespace ttt::store::detail {

const char* const kPgSchemaV12 = R"sql(-- Version 12: an analysed position's candidate moves.
-- [SECTION] The table

CREATE TABLE tictactrace.analysed_candidates (
    analysis   bigint NOT NULL REFERENCES tictactrace.analyses (id),
    ordinal    bigint NOT NULL,
    rank       bigint NOT NULL,
    move_row   bigint NOT NULL,
    move_col   bigint NOT NULL,
    eval_kind  text   NOT NULL,
    eval_score bigint NOT NULL,
    eval_plies bigint NOT NULL,
    line       text   NOT NULL,
    PRIMARY KEY (analysis, ordinal, rank)
);
CREATE TRIGGER analysed_candidates_kept BEFORE UPDATE OR DELETE ON tictactrace.analysed_candidates FOR EACH ROW
    EXECUTE FUNCTION tictactrace.refuse_analysis_change();
CREATE TRIGGER analysed_candidates_no_truncate BEFORE TRUNCATE ON tictactrace.analysed_candidates
    FOR EACH STATEMENT EXECUTE FUNCTION tictactrace.refuse_analysis_change();
REVOKE ALL ON tictactrace.analysed_candidates FROM PUBLIC;

-- [SECTION] Storing an analysis, its candidates with it

-- As version 11's, and each position may hold "candidates": a JSON array of at most 32, the best first, each
-- {"move": [row, col], "kind", "score", "plies", "line": [[row, col], ...]}.
CREATE OR REPLACE FUNCTION tictactrace.store_analysis(p_game bigint, p_engine text, p_version text, p_settings text,
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
        INSERT INTO tictactrace.analysed_candidates (analysis, ordinal, rank, move_row, move_col, eval_kind, eval_score,
                                                     eval_plies, line)
        SELECT made, e.ordinal - 1, c.rank, (c.c->'move'->>0)::bigint, (c.c->'move'->>1)::bigint, c.c->>'kind',
               (c.c->>'score')::bigint, (c.c->>'plies')::bigint, coalesce(c.c->'line', '[]'::jsonb)::text
        FROM jsonb_array_elements(items) WITH ORDINALITY AS e (p, ordinal),
             jsonb_array_elements(coalesce(e.p->'candidates', '[]'::jsonb)) WITH ORDINALITY AS c (c, rank);
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
                         OR (c->>0)::numeric NOT BETWEEN 1 AND g.rows OR (c->>1)::numeric NOT BETWEEN 1 AND g.cols)
           OR (SELECT count(*) FROM tictactrace.analysed_candidates k
               WHERE k.analysis = made AND k.ordinal = a.ordinal) > 32
           OR EXISTS (SELECT 1 FROM tictactrace.analysed_candidates k
                      WHERE k.analysis = made AND k.ordinal = a.ordinal
                        AND (k.move_row IS NULL OR k.move_col IS NULL OR k.move_row NOT BETWEEN 1 AND g.rows
                             OR k.move_col NOT BETWEEN 1 AND g.cols OR k.eval_score IS NULL OR k.eval_plies IS NULL
                             OR k.eval_kind IS NULL OR k.eval_kind NOT IN ('estimate', 'win', 'loss', 'draw', 'margin')
                             OR jsonb_typeof(k.line::jsonb) <> 'array' OR jsonb_array_length(k.line::jsonb) > 256
                             OR EXISTS (SELECT 1 FROM jsonb_array_elements(k.line::jsonb) c
                                        WHERE jsonb_typeof(c) <> 'array' OR jsonb_array_length(c) <> 2
                                           OR jsonb_typeof(c->0) <> 'number' OR jsonb_typeof(c->1) <> 'number'
                                           OR (c->>0)::numeric NOT BETWEEN 1 AND g.rows
                                           OR (c->>1)::numeric NOT BETWEEN 1 AND g.cols))));
    IF bad IS NOT NULL THEN
        PERFORM tictactrace.refuse('position ' || (bad + 1) || ' of the analysis is not one of game ' || p_game ||
                                   '''s ' || g.rows || 'x' || g.cols || ' board (a cell off it, an unknown word, '
                                   'a loss outside 0 to 1, or more than 32 candidates)');
    END IF;
    IF pg_catalog.pg_notification_queue_usage() < 0.5 THEN PERFORM pg_catalog.pg_notify('tictactrace', ''); END IF;
    RETURN made;
END
$$;

-- [SECTION] Who may read it

-- A class's groups read the new table as every other; `classroom init` grants SELECT on every table.
DO $$
DECLARE
    teachers text := (SELECT value FROM tictactrace.meta WHERE key = 'teacher_group');
    students text := (SELECT value FROM tictactrace.meta WHERE key = 'student_group');
BEGIN
    IF teachers IS NOT NULL AND students IS NOT NULL
       AND (SELECT count(*) FROM pg_catalog.pg_roles WHERE rolname IN (teachers, students)) = 2 THEN
        EXECUTE format('GRANT SELECT ON tictactrace.analysed_candidates TO %I, %I', teachers, students);
    END IF;
END
$$;

UPDATE tictactrace.meta SET value = '12' WHERE key = 'schema_version';
)sql";

}  // namespace ttt::store::detail
