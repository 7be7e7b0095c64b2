// The events of a game's log. Plain versioned structs: the store persists them, the engine folds them.
// Each names its type (`kType`, the log's `type` column), says what it does (`kKind`), from which version of
// an exported archive's game record on it can be written (`kSinceRecord`), and lists its fields once
// (`fields`: the payload codec, the archives and the CLI's reports read them; engine/event_fields.hpp).
// Its words, in every voice that reads them, are in src/engine/event_words.cpp.
#pragma once

#include "tictactrace/engine/annotation.hpp"
#include "tictactrace/engine/boxed.hpp"
#include "tictactrace/engine/event_fields.hpp"
#include "tictactrace/engine/forfeit_reason.hpp"
#include "tictactrace/engine/opening.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/set_up.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace ttt {

// The engines a game's sides are bound to when it is made (`new --x-engine`, `--o-engine`): the engine's
// text as the command line takes it ("builtin:strong", or a brain's command line), empty for a side a person
// plays. Only the log's first event holds them, each key only when set, so a payload without them is as it
// was; an archive's record and the projection leave them out. Boxed in GameCreated: a game has one such event
// and may have millions of moves, and every Event is as large as its largest alternative; the box costs
// each one pointer (8 bytes), two strings would cost 64.
struct SideEngines {
    std::string x;
    std::string o;
    friend bool operator==(const SideEngines&, const SideEngines&) = default;
};

// The first event of every game made with `new` or imported. With an opening rule (engine/opening.hpp)
// `x_name` is the first player's, who places the first stones, and `o_name` the second's; the names of
// the colours follow the choices made in the opening.
struct GameCreated {
    static constexpr EventKind kKind = EventKind::Start;
    static constexpr const char* kType = "game_created";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 1;
    Rules rules;
    std::string x_name;
    std::string o_name;
    OpeningRule opening = OpeningRule::None;
    Boxed<SideEngines> engines = SideEngines{};
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "rules"}, e.rules);
        v(FieldInfo{.name = "x_name", .key = "x", .group = "players"}, e.x_name);
        v(FieldInfo{.name = "o_name", .key = "o", .group = "players"}, e.o_name);
        // Only in the log, and only when there is one: an archive's record holds a game's opening rule.
        v(FieldInfo{.name = "opening", .noun = "opening rule", .log_only = true, .omit_default = true},
          e.opening);
        v(FieldInfo{.name = "x_engine", .log_only = true, .omit_default = true}, e.engines->x);
        v(FieldInfo{.name = "o_engine", .log_only = true, .omit_default = true}, e.engines->o);
    }
    friend bool operator==(const GameCreated&, const GameCreated&) = default;
};

// The first event of a game forked from another: it starts like `from_game` did, and the moves of
// that game's position after `at` of its timeline steps follow as ordinary MovePlayed events, so a
// forked game folds on its own and `from_game` is never touched.
struct GameForked {
    static constexpr EventKind kKind = EventKind::Start;
    static constexpr const char* kType = "game_forked";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 1;
    std::int64_t from_game = 0;
    int at = 0;
    Rules rules;
    std::string x_name;
    std::string o_name;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "from_game", .key = "from"}, e.from_game);
        v(FieldInfo{.name = "at", .needs = "a valid at"}, e.at);
        v(FieldInfo{.name = "rules"}, e.rules);
        v(FieldInfo{.name = "x_name", .key = "x", .group = "players"}, e.x_name);
        v(FieldInfo{.name = "o_name", .key = "o", .group = "players"}, e.o_name);
    }
    friend bool operator==(const GameForked&, const GameForked&) = default;
};

// The first event of a game that starts from a set-up position instead of the empty board: its marks
// are part of the start, never moves, so no take-back removes them. A fork of a set-up game starts from
// the same set-up: its creating event is this one again, with `from_game` and `at` saying where it
// branched off, and the source's moves after the set-up follow as ordinary MovePlayed events.
struct GameSetUp {
    static constexpr EventKind kKind = EventKind::Start;
    static constexpr const char* kType = "game_set_up";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 2;
    // What starts the game besides its rules and names.
    struct Start {
        SetUp setup;
        std::optional<std::int64_t> from_game;  // set for a fork of a set-up game
        int at = 0;                             // the source's step the fork starts after (with from_game)
        SideEngines engines = {};               // as GameCreated's
        friend bool operator==(const Start&, const Start&) = default;
    };
    Rules rules;
    std::string x_name;
    std::string o_name;
    // On the heap: an Event is as large as its largest alternative, and a long game holds millions of
    // moves, so this rare one is kept no larger than a GameForked.
    Boxed<Start> start;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "fork_point"},
          ForkPointOf<std::remove_reference_t<decltype(*e.start)>>{*e.start});
        v(FieldInfo{.name = "rules"}, e.rules);
        v(FieldInfo{.name = "x_name", .key = "x", .group = "players"}, e.x_name);
        v(FieldInfo{.name = "o_name", .key = "o", .group = "players"}, e.o_name);
        v(FieldInfo{.name = "setup"}, e.start->setup);  // to_move, x_cells, o_cells
        v(FieldInfo{.name = "x_engine", .log_only = true, .omit_default = true}, e.start->engines.x);
        v(FieldInfo{.name = "o_engine", .log_only = true, .omit_default = true}, e.start->engines.o);
    }
    friend bool operator==(const GameSetUp&, const GameSetUp&) = default;
};

struct MovePlayed {
    static constexpr EventKind kKind = EventKind::Move;
    static constexpr const char* kType = "move_played";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 1;
    Player player = Player::X;
    Pos pos;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "player", .needs = "a player"}, e.player);
        v(FieldInfo{.name = "pos"}, e.pos);  // row, col (1-based where written)
    }
    friend bool operator==(const MovePlayed&, const MovePlayed&) = default;
};

// Retracts the last move on the board; the history keeps both the move and its retraction.
// `player` and `pos` name the retracted move, so the log reads on its own.
struct MoveTakenBack {
    static constexpr EventKind kKind = EventKind::TakeBack;
    static constexpr const char* kType = "move_taken_back";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 1;
    Player player = Player::X;
    Pos pos;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "player", .needs = "a player"}, e.player);
        v(FieldInfo{.name = "pos"}, e.pos);
    }
    friend bool operator==(const MoveTakenBack&, const MoveTakenBack&) = default;
};

struct Resigned {
    static constexpr EventKind kKind = EventKind::End;
    static constexpr const char* kType = "resigned";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 1;
    Player player = Player::X;  // who resigned
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "player", .needs = "a player"}, e.player);
    }
    friend bool operator==(const Resigned&, const Resigned&) = default;
};

// `player` loses by forfeit: the program playing for it crashed, ran out of time, answered garbage or
// played an illegal move (the brains layer decides which); the other side wins. `detail` says what
// happened in a sentence that follows the rule of players' names (player_name.hpp): valid UTF-8, no
// control characters, at most 200 bytes, so it is as safe to print as a name.
struct Forfeited {
    static constexpr EventKind kKind = EventKind::End;
    static constexpr const char* kType = "forfeited";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 3;
    Player player = Player::X;  // who forfeited
    ForfeitReason reason = ForfeitReason::Crash;
    std::string detail;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "player", .needs = "a player"}, e.player);
        v(FieldInfo{.name = "reason", .needs = "a reason"}, e.reason);
        v(FieldInfo{.name = "detail", .needs = "a detail"}, e.detail);
    }
    friend bool operator==(const Forfeited&, const Forfeited&) = default;
};

// The game ends by a decision off the board, as a record from a tournament program says: a draw by
// adjudication or agreement, or a win it declares without a line, a resignation or a forfeit to show for
// it. `winner` empty is a draw. `reason` is the record's own words ("Draw by adjudication"), held to the
// rule of players' names like a forfeit's detail.
struct Adjudicated {
    static constexpr EventKind kKind = EventKind::End;
    static constexpr const char* kType = "game_adjudicated";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 4;
    std::optional<Player> winner;
    std::string reason;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "result", .needs = "a result"}, e.winner);  // "x", "o" or "draw"
        v(FieldInfo{.name = "reason", .needs = "a reason"}, e.reason);
    }
    friend bool operator==(const Adjudicated&, const Adjudicated&) = default;
};

// A choice of the opening rule's (swap, swap2): a colour taken, or two more stones to place, by the
// player whose choice it is (the second player's first, the first player's after PlaceTwo), named so
// that the log reads on its own.
struct OpeningChosen {
    static constexpr EventKind kKind = EventKind::Choice;
    static constexpr const char* kType = "opening_chosen";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 5;
    Opener by = Opener::Second;
    OpeningChoice choice = OpeningChoice::TakeBlack;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "by", .noun = "chooser"}, e.by);
        v(FieldInfo{.name = "choice", .needs = "a choice"}, e.choice);
    }
    friend bool operator==(const OpeningChosen&, const OpeningChosen&) = default;
};

// [SECTION] The study of a game: its variation tree and what is written on it (engine/study_tree.hpp).
// A node of the tree is named by the sequence number of the event that made it: 0 the start, then every
// event of the main line's kinds (a move, a take-back, an end, a choice) and every VariationPlayed.

// A move played from node `parent` as another line than the one the game went on with: "what if O had
// played here?". The game's own position does not change; `parent` may be any node of the tree that is not
// set aside, and the move must be legal in the position there.
struct VariationPlayed {
    static constexpr EventKind kKind = EventKind::Study;
    static constexpr const char* kType = "variation_played";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 6;
    std::int64_t parent = 0;
    Player player = Player::X;
    Pos pos;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "parent", .needs = "a parent"}, e.parent);
        v(FieldInfo{.name = "player", .needs = "a player"}, e.player);
        v(FieldInfo{.name = "pos"}, e.pos);
    }
    friend bool operator==(const VariationPlayed&, const VariationPlayed&) = default;
};

// The line through `node` becomes the main line: at every branch on the way to it, its move comes first.
// The game's result is its main line's.
struct LinePromoted {
    static constexpr EventKind kKind = EventKind::Study;
    static constexpr const char* kType = "line_promoted";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 6;
    std::int64_t node = 0;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "node", .needs = "a node"}, e.node);
    }
    friend bool operator==(const LinePromoted&, const LinePromoted&) = default;
};

// The variation that starts at `node` (a node off the main line) is put aside with everything after it:
// no view shows it, nothing is played or written on it again; the log keeps it.
struct LineSetAside {
    static constexpr EventKind kKind = EventKind::Study;
    static constexpr const char* kType = "line_set_aside";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 6;
    std::int64_t node = 0;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "node", .needs = "a node"}, e.node);
    }
    friend bool operator==(const LineSetAside&, const LineSetAside&) = default;
};

// What is written on `node` from now on: its comment, glyph, judgement and shapes, all of them at once (an
// empty annotation clears the node's). The position does not change.
struct Annotated {
    static constexpr EventKind kKind = EventKind::Study;
    static constexpr const char* kType = "annotated";
    static constexpr int kVersion = 1;
    static constexpr int kSinceRecord = 6;
    std::int64_t node = 0;
    // On the heap, as a set-up's start is: an annotation is rare beside the moves.
    Boxed<Annotation> note;
    template <class Self, class V>
    static void fields(Self& e, V& v) {
        v(FieldInfo{.name = "node", .needs = "a node"}, e.node);
        v(FieldInfo{.name = "note"}, e.note);
    }
    friend bool operator==(const Annotated&, const Annotated&) = default;
};

using Event =
    std::variant<GameCreated, GameForked, MovePlayed, MoveTakenBack, Resigned, GameSetUp, Forfeited,
                 Adjudicated, OpeningChosen, VariationPlayed, LinePromoted, LineSetAside, Annotated>;
static_assert(sizeof(Annotated) <= sizeof(GameForked), "an annotation must not make every event larger");
static_assert(sizeof(VariationPlayed) <= sizeof(GameForked), "a variation must not make every event larger");
static_assert(sizeof(GameSetUp) <= sizeof(GameForked), "a set-up must not make every event larger");
static_assert(sizeof(Forfeited) <= sizeof(GameForked), "a forfeit must not make every event larger");
static_assert(sizeof(Adjudicated) <= sizeof(GameForked), "an adjudication must not make every event larger");

// What `e` does to a game (its type's kKind).
[[nodiscard]] EventKind kind_of(const Event& e) noexcept;

// Whether `e` is one of the events of the game's study (its kind is EventKind::Study): the tree's, not the
// main line's.
[[nodiscard]] bool is_study(const Event& e) noexcept;

// Whether `e` is one of the events that start a game (GameCreated, GameForked, GameSetUp).
[[nodiscard]] bool is_creating(const Event& e) noexcept;

// The game a creating event forks from, whichever event it is: a GameForked's `from_game`, or a GameSetUp's
// with a source (a fork of a set-up game); null for a game that is no fork, and for any other event.
[[nodiscard]] inline std::int64_t* fork_link_of(Event& e) noexcept {
    if (auto* forked = std::get_if<GameForked>(&e)) return &forked->from_game;
    if (auto* set = std::get_if<GameSetUp>(&e); set && set->start->from_game) return &*set->start->from_game;
    return nullptr;
}
[[nodiscard]] inline const std::int64_t* fork_link_of(const Event& e) noexcept {
    return fork_link_of(const_cast<Event&>(e));
}

// The stable names stored in the log's `type` column and in exports.
[[nodiscard]] const char* type_name_of(const Event& e) noexcept;
[[nodiscard]] int type_version_of(const Event& e) noexcept;

// The first version of an exported archive's game record that can hold `e` (its type's kSinceRecord).
[[nodiscard]] int since_record_of(const Event& e) noexcept;

}  // namespace ttt
