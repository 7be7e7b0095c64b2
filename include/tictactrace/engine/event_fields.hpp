// How an event describes its fields once: each event struct lists its members with a FieldInfo in a
// static `fields(event, visitor)`, and every place that writes or reads events (the log's payload, the
// archives, the CLI's reports) walks that list instead of spelling each type out. Standard library only.
#pragma once

#include "tictactrace/engine/forfeit_reason.hpp"
#include "tictactrace/engine/opening.hpp"

#include <concepts>
#include <cstddef>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

namespace ttt {

// What an event does to a game, for whoever treats events by what they do (the Events panel's colours).
enum class EventKind : unsigned char {
    Start,     // creates the game (GameCreated, GameForked, GameSetUp)
    Move,      // places a mark
    TakeBack,  // takes the last mark back
    End,       // ends the game off the board (a resignation, a forfeit, an adjudication)
    Choice,    // an opening's choice
    Study,     // a variation, a promotion or setting aside of a line, an annotation: the game's tree, not its
               // main line's position
};

// What one field is called where it is written, and how a sentence about a bad payload names it.
struct FieldInfo {
    const char* name = "";        // the member's name, and its key in an exported archive ("x_name")
    const char* key = nullptr;    // its key in the log's payload and the CLI's JSON, when not `name` ("x")
    const char* needs = nullptr;  // how "... payload needs ..." asks for it ("a player"); the key when null
    const char* noun = nullptr;   // how "unknown ..." names a bad value of it ("chooser"); the key when null
    const char* group = nullptr;  // the CLI's JSON gathers the fields of one group in an object ("players")
    bool log_only = false;        // only the log's payload holds it (an archive's record holds it elsewhere)
    bool omit_default = false;    // written only when not its default, so older payloads stay byte for byte

    [[nodiscard]] constexpr const char* log_key() const noexcept { return key ? key : name; }
    [[nodiscard]] constexpr const char* needs_words() const noexcept { return needs ? needs : log_key(); }
    [[nodiscard]] constexpr const char* noun_words() const noexcept { return noun ? noun : log_key(); }
};

// A set-up game's fork point (GameSetUp::Start's `from_game` and `at`): none, or where it branched off.
// Its own field type because the two are written together or not at all. `Start` is const when saving.
template <class Start>
struct ForkPointOf {
    Start& start;
};

// The engine's enums that are written by name: name_of gives the name, these read it back.
[[nodiscard]] inline std::optional<ForfeitReason> value_from_name(std::string_view name,
                                                                  ForfeitReason) noexcept {
    return forfeit_reason_from_name(name);
}
[[nodiscard]] inline std::optional<OpeningRule> value_from_name(std::string_view name, OpeningRule) noexcept {
    return opening_rule_from_name(name);
}
[[nodiscard]] inline std::optional<OpeningChoice> value_from_name(std::string_view name,
                                                                  OpeningChoice) noexcept {
    return opening_choice_from_name(name);
}
[[nodiscard]] inline std::optional<Opener> value_from_name(std::string_view name, Opener) noexcept {
    return opener_from_name(name);
}

template <class T>
concept NamedEnum = std::is_enum_v<T> && requires(T v) {
    {name_of(v)};
    { value_from_name(std::string_view{}, v) } -> std::same_as<std::optional<T>>;
};

// Calls `v(info, member)` for every field of `event` (const or not), in the order every format writes them.
template <class E, class V>
void for_each_field(E& event, V&& v) {
    std::remove_const_t<E>::fields(event, v);
}

// Calls `f(std::type_identity<T>{})` for every alternative T of the variant `Variant`, in order.
template <class Variant, class F>
void for_each_alternative(F&& f) {
    [&f]<std::size_t... I>(std::index_sequence<I...>) {
        (f(std::type_identity<std::variant_alternative_t<I, Variant>>{}), ...);
    }
    (std::make_index_sequence<std::variant_size_v<Variant>>{});
}

}  // namespace ttt
