// The index of positions rebuilt from the events by one scan of the log.
#include "position_rows.hpp"

#include "log_db.hpp"

#include <memory>
#include <optional>

namespace ttt::store::detail {

ScanCallbacks positions_of_scan(std::function<void(GameId, const IndexedPosition&)> row,
                                const ScanCallbacks& also) {
    // One game at a time: its keys, followed from its start.
    struct Follow {
        std::optional<GameId> game;
        std::optional<PositionKeys> keys;
    };
    auto follow = std::make_shared<Follow>();
    ScanCallbacks callbacks = also;
    callbacks.on_fold = [follow, row, also](GameId game, Seq seq, const Event& event, const GameState& after) {
        if (follow->game != game) {
            follow->game = game;
            follow->keys.emplace(after.position.board(), after.position.to_move());
            row(game, IndexedPosition{0, follow->keys->key(), follow->keys->symmetric()});
        } else if (follow_keys(*follow->keys, event, after.position)) {
            row(game, IndexedPosition{seq, follow->keys->key(), follow->keys->symmetric()});
        }
        if (also.on_fold) also.on_fold(game, seq, event, after);
    };
    callbacks.on_game = [row, also](const ScannedGame& g) {
        if (g.tree)
            for (NodeId node = 1; node <= g.last; ++node)
                if (g.tree->is_variation(node)) row(g.game, indexed_at(*g.tree, node));
        if (also.on_game) also.on_game(g);
    };
    return callbacks;
}

std::int64_t rebuild_positions(LogDb& db) {
    db.prepare("DELETE FROM positions")->run();
    const auto prepared = db.prepare("INSERT INTO positions (sym, key, game, node) VALUES (?1, ?2, ?3, ?4)");
    Query& insert = *prepared;
    std::int64_t written = 0;
    (void)scan_log(db, positions_of_scan([&](GameId game, const IndexedPosition& p) {
        QueryUse use(insert);
        use->bind(1, static_cast<std::int64_t>(p.symmetric))
            .bind(2, static_cast<std::int64_t>(p.key))
            .bind(3, game)
            .bind(4, p.node);
        use->run();
        ++written;
    }));
    return written;
}

}  // namespace ttt::store::detail
