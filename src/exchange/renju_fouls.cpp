#include "renju_fouls.hpp"

#include "sgf_markup.hpp"

#include "tictactrace/engine/forbidden.hpp"
#include "tictactrace/engine/game_state.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace ttt::exchange::detail {

namespace {

// One foul: the step it was played from, the point, and why renju forbids it.
struct Foul {
    std::int64_t parent = 0;
    Pos at;
    std::string why;      // "double-three"
    std::string comment;  // what the book wrote on the foul itself
    std::size_t event = 0;
    std::int64_t recorded_ms = 0;
    SourceSpot where;
};

// The node a study event refers to (a variation's parent, an annotation's step...); nullopt for one that
// refers to none.
std::optional<std::int64_t> node_of(const Event& event) {
    if (const auto* v = std::get_if<VariationPlayed>(&event)) return v->parent;
    if (const auto* a = std::get_if<Annotated>(&event)) return a->node;
    if (const auto* p = std::get_if<LinePromoted>(&event)) return p->node;
    if (const auto* s = std::get_if<LineSetAside>(&event)) return s->node;
    return std::nullopt;
}

void renumber(Event& event, std::int64_t to) {
    if (auto* v = std::get_if<VariationPlayed>(&event)) v->parent = to;
    if (auto* a = std::get_if<Annotated>(&event)) a->node = to;
    if (auto* p = std::get_if<LinePromoted>(&event)) p->node = to;
    if (auto* s = std::get_if<LineSetAside>(&event)) s->node = to;
}

}  // namespace

void set_fouls_aside(GameRecord& game, int game_index, bool book, std::vector<ImportNote>& notes) {
    if (!game.rules.has_forbidden_moves()) return;
    if (!book && std::none_of(game.events.begin(), game.events.end(), [](const RecordedEvent& e) {
            return std::holds_alternative<VariationPlayed>(e.event);
        }))
        return;
    // Node k is the log's event k: 0 the creation, k the record's events[k - 1]. Each node's parent, as the
    // study tree links them: the game's own events one after another, a variation under its parent.
    const std::size_t count = game.events.size() + 1;
    std::vector<std::int64_t> parent(count, -1);
    std::vector<char> gone(count, 0);
    std::vector<Foul> fouls;
    // For each node that is a foul, its place in `fouls`.
    std::vector<int> foul_at(count, -1);
    const auto set_foul = [&](std::size_t k, std::int64_t from, Pos at, const Board& before) {
        const auto why = forbidden_move(before, at);
        foul_at[k] = static_cast<int>(fouls.size());
        gone[k] = 1;
        fouls.push_back(Foul{from,
                             at,
                             why ? name_of(why->kind) : "foul",
                             {},
                             k,
                             game.events[k - 1].recorded_ms,
                             game.events[k - 1].where});
    };
    std::int64_t trunk_end = 0;
    // The state after the last variation checked: a book's lines come depth first, so the next variation
    // mostly goes on from it and nothing is folded again.
    std::optional<std::pair<std::int64_t, GameState>> last;
    const Event created = creating_event(game);
    std::vector<std::int64_t> path;
    std::vector<Event> line;
    int after = 0;
    // A book's first line, folded as it goes: a foul there ends it, and the next line goes on from the
    // step before (below). A game's own foul is the fold's to refuse, or its declared end's.
    std::optional<GameState> trunk;
    if (book) {
        trunk.emplace();
        if (!ttt::apply(*trunk, created)) trunk.reset();
    }
    std::optional<std::int64_t> cut_trunk_at;  // the step a book's first line ends at, before its foul
    for (std::size_t k = 1; k < count; ++k) {
        const Event& event = game.events[k - 1].event;
        if (!is_study(event)) {
            parent[k] = trunk_end;
            if (cut_trunk_at) {
                gone[k] = 1;
                if (std::holds_alternative<MovePlayed>(event)) ++after;
                continue;
            }
            if (trunk) {
                // apply() leaves the state as it was when it refuses: its board is the one before the foul.
                auto played = ttt::apply(*trunk, event);
                if (!played && played.error().kind == MoveErrorKind::Forbidden) {
                    set_foul(k, trunk_end, std::get<MovePlayed>(event).pos, trunk->position.board());
                    cut_trunk_at = trunk_end;
                    continue;
                }
                if (!played) trunk.reset();  // the fold says why
            }
            trunk_end = static_cast<std::int64_t>(k);
            continue;
        }
        const auto refers = node_of(event);
        if (refers && (*refers < 0 || static_cast<std::size_t>(*refers) >= k))
            continue;  // the fold refuses it
        const auto* variation = std::get_if<VariationPlayed>(&event);
        if (!variation) {
            if (refers && gone[static_cast<std::size_t>(*refers)]) {
                gone[k] = 1;
                // What a book wrote on a foul goes with the foul's mark; on what followed it, with the moves.
                const int at = foul_at[static_cast<std::size_t>(*refers)];
                if (const auto* note = std::get_if<Annotated>(&event); note && at >= 0)
                    fouls[static_cast<std::size_t>(at)].comment = (*note->note).comment;
            }
            continue;
        }
        const std::int64_t from = variation->parent;
        parent[k] = from;
        if (gone[static_cast<std::size_t>(from)]) {
            gone[k] = 1;
            ++after;
            continue;
        }
        GameState state;
        if (last && last->first == from) {
            state = std::move(last->second);
        } else {
            path.clear();
            for (std::int64_t n = from; n > 0; n = parent[static_cast<std::size_t>(n)]) path.push_back(n);
            line.assign(1, created);
            for (auto n = path.rbegin(); n != path.rend(); ++n) {
                const Event& e = game.events[static_cast<std::size_t>(*n) - 1].event;
                const auto* v = std::get_if<VariationPlayed>(&e);
                line.push_back(v ? Event{MovePlayed{v->player, v->pos}} : e);
            }
            auto folded = ttt::fold(line);
            if (!folded) continue;  // the fold of the record says why, with the file's place
            state = std::move(folded).value();
        }
        last.reset();
        auto played = ttt::apply(state, Event{MovePlayed{variation->player, variation->pos}});
        if (played) {
            last.emplace(static_cast<std::int64_t>(k), std::move(state));
            continue;
        }
        if (played.error().kind != MoveErrorKind::Forbidden) continue;  // the fold's refusal stands
        set_foul(k, from, variation->pos, state.position.board());
    }
    if (fouls.empty()) return;

    // The events that stay, their nodes numbered again.
    std::vector<std::int64_t> renumbered(count, -1);
    renumbered[0] = 0;
    std::vector<RecordedEvent> kept;
    kept.reserve(game.events.size());
    int comments_lost = 0;
    for (std::size_t k = 1; k < count; ++k) {
        RecordedEvent& recorded = game.events[k - 1];
        if (gone[k]) {
            if (std::holds_alternative<Annotated>(recorded.event) &&
                foul_at[static_cast<std::size_t>(*node_of(recorded.event))] < 0)
                ++comments_lost;
            continue;
        }
        if (const auto refers = node_of(recorded.event);
            refers && *refers >= 0 && static_cast<std::size_t>(*refers) < k)
            renumber(recorded.event, renumbered[static_cast<std::size_t>(*refers)]);
        renumbered[k] = static_cast<std::int64_t>(kept.size()) + 1;
        kept.push_back(std::move(recorded));
    }
    // A book's first line cut at a foul goes on down the next line from the step before it: each step's
    // first variation, in the file's order, becomes a move of the game's own.
    if (cut_trunk_at) {
        std::int64_t end = renumbered[static_cast<std::size_t>(*cut_trunk_at)];
        for (std::size_t i = 0; i < kept.size(); ++i)
            if (const auto* v = std::get_if<VariationPlayed>(&kept[i].event); v && v->parent == end) {
                kept[i].event = Event{MovePlayed{v->player, v->pos}};
                end = static_cast<std::int64_t>(i) + 1;
            }
    }
    // Each foul marked on its step: merged into the step's last annotation, which is the one that counts,
    // else a new one at the end. Each step's last annotation found in one pass, not one per foul.
    std::vector<std::int64_t> last_note(kept.size() + 1, -1);
    for (std::size_t i = 0; i < kept.size(); ++i)
        if (const auto* a = std::get_if<Annotated>(&kept[i].event);
            a && a->node >= 0 && static_cast<std::size_t>(a->node) < last_note.size())
            last_note[static_cast<std::size_t>(a->node)] = static_cast<std::int64_t>(i);
    int unmarked = 0;
    for (const Foul& f : fouls) {
        const std::int64_t step = renumbered[static_cast<std::size_t>(f.parent)];
        Annotation mark;
        mark.shapes.push_back(Shape{ShapeKind::Triangle, f.at, std::nullopt, ShapeColour::Red, {}});
        mark.comment = "Foul: X (black) at " + cell_label(f.at) + " is a " + f.why + ", forbidden in renju." +
                       (f.comment.empty() ? "" : " " + f.comment);
        const std::int64_t noted = last_note[static_cast<std::size_t>(step)];
        Annotated* existing =
            noted >= 0 ? &std::get<Annotated>(kept[static_cast<std::size_t>(noted)].event) : nullptr;
        const Annotation base = existing ? *existing->note : Annotation{};
        Annotation merged = base;
        merge_annotation(merged, mark);
        // Within what a step holds: the mark without its words when the comment would be too long.
        if (merged.comment.size() > kMaxCommentBytes) {
            merged = base;
            mark.comment.clear();
            merge_annotation(merged, mark);
        }
        if (merged.shapes.size() > kMaxShapes) {
            ++unmarked;
            continue;
        }
        if (existing) {
            existing->note = std::move(merged);
        } else {
            // Two fouls from one step share the annotation made for the first.
            last_note[static_cast<std::size_t>(step)] = static_cast<std::int64_t>(kept.size());
            kept.push_back(RecordedEvent{Event{Annotated{step, std::move(merged)}}, f.recorded_ms, f.where});
        }
    }
    game.events = std::move(kept);

    const auto plural = [](int n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    const bool one = fouls.size() == 1;
    std::string message =
        plural(static_cast<int>(fouls.size()), "line plays", "lines play") +
        " X (black) on a forbidden point, which renju does not allow: " + (one ? "it is" : "each is") +
        " marked with a red triangle and a comment on the step it was played from";
    if (after > 0)
        message += "; the " + plural(after, "move", "moves") + " after " + (one ? "it" : "them") +
                   (after == 1 ? " was" : " were") + " left out";
    if (comments_lost > 0) message += ", with " + plural(comments_lost, "comment", "comments") + " on them";
    if (unmarked > 0)
        message += "; " + plural(unmarked, "foul", "fouls") + " found no room among the step's " +
                   std::to_string(kMaxShapes) + " marks";
    notes.push_back(ImportNote{game_index, fouls.front().where, message, false, true, ""});
}

}  // namespace ttt::exchange::detail
