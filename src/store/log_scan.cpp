// The whole-log scan: folds and chain checks, one game after another, in one ordered read.
#include "log_scan.hpp"

#include "log_db.hpp"

#include "tictactrace/store/event_codec.hpp"

namespace ttt::store::detail {

std::int64_t scan_log(LogDb& db, const ScanCallbacks& callbacks) {
    const auto query =
        db.prepare(std::string("SELECT game, seq, type, type_version, payload, recorded_ms, hash, ") +
                   db.written_by_column() + " FROM events ORDER BY game, seq");
    Query& all = *query;
    std::int64_t count = 0;
    std::optional<ScannedGame> game;
    GameState state;
    Digest chain = kChainStart;
    const auto finish = [&] {
        if (!game) return;
        game->state = &state;
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
        s.folded = seq;
        if (callbacks.on_event) callbacks.on_event(g, seq, state, stored.value_or(Digest{}));
    }
    finish();
    return count;
}

}  // namespace ttt::store::detail
