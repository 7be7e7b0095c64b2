// The whole-log scan: folds and chain checks, one game after another, in one ordered read.
#include "log_scan.hpp"

#include "log_db.hpp"

#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/store/event_codec.hpp"

#include <vector>

namespace ttt::store::detail {

std::int64_t scan_log(LogDb& db, const ScanCallbacks& callbacks) {
    const auto query =
        db.prepare(std::string("SELECT game, seq, type, type_version, payload, recorded_ms, hash, ") +
                   db.written_by_column() + " FROM events ORDER BY game, seq");
    Query& all = *query;
    std::int64_t count = 0;
    std::optional<ScannedGame> game;
    GameState state;
    GameState main_line;
    std::optional<StudyTree> tree;
    bool studied = false;
    Digest chain = kChainStart;
    // A game with a study is read again whole, once, to build its tree: the one pass keeps no game's
    // events, so a log of long games is scanned in the memory of one event.
    const auto one_game =
        db.prepare("SELECT type, type_version, payload FROM events WHERE game = ?1 ORDER BY seq");
    const auto study = [&](ScannedGame& g) {
        std::vector<Event> events;
        QueryUse use(*one_game);
        use->bind(1, g.game);
        while (use->step()) {
            auto decoded = decode_event(use->column_text(0), use->column_int(1), use->column_text(2));
            if (!decoded) return;  // the pass itself has named it
            events.push_back(std::move(decoded).value());
        }
        auto built = StudyTree::build(events);
        if (!built) {
            g.failure = "event " + std::to_string(built.error().index) +
                        " does not fit the game's tree: " + built.error().error.message;
            return;
        }
        tree = std::move(built).value();
        auto main = fold(tree->main_line().events);
        if (!main) {
            g.failure = "its main line does not fold: " + main.error().error.message;
            return;
        }
        main_line = std::move(main).value();
        g.main_line = &main_line;
        g.tree = &*tree;
    };
    const auto finish = [&] {
        if (!game) return;
        game->state = &state;
        tree.reset();
        if (studied && !game->failure) study(*game);
        if (callbacks.on_game) callbacks.on_game(*game);
    };
    while (all.step()) {
        ++count;
        const GameId g = all.column_int64(0);
        const Seq seq = all.column_int64(1);
        if (!game || g != game->game) {
            finish();
            game = ScannedGame{};
            game->game = g;
            game->created_ms = all.column_int64(5);
            state = GameState();
            studied = false;
            chain = kChainStart;
        }
        ScannedGame& s = *game;
        const Seq expected = s.last + 1;
        s.last = seq;
        ++s.events;
        s.updated_ms = all.column_int64(5);
        const std::string_view type = all.column_text(2);
        const int version = all.column_int(3);
        const std::string_view payload = all.column_text(4);
        const auto stored = digest_of(all.column_blob(6));
        if (!s.chain_break) {
            const Digest computed =
                chain_hash(chain, seq, type, version, payload, s.updated_ms, all.column_text(7));
            if (seq != expected || !stored || *stored != computed) s.chain_break = seq;
            chain = computed;
        }
        if (s.failure) continue;
        if (seq != expected) {
            s.failure = "event " + std::to_string(expected) + " is missing";
            continue;
        }
        auto decoded = decode_event(type, version, payload);
        if (!decoded) {
            s.failure = "event " + std::to_string(seq) + ": " + decoded.error();
            continue;
        }
        if (auto applied = ttt::apply(state, decoded.value()); !applied) {
            s.failure = "event " + std::to_string(seq) + " does not fold: " + applied.error().message;
            continue;
        }
        studied = studied || is_study(decoded.value());
        s.folded = seq;
        if (callbacks.on_event) callbacks.on_event(g, seq, state, stored.value_or(Digest{}));
        if (callbacks.on_fold) callbacks.on_fold(g, seq, decoded.value(), state);
    }
    finish();
    return count;
}

}  // namespace ttt::store::detail
