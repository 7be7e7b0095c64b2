// Opening rules: how a game of five in a row starts when the first player's advantage is to be balanced.
// Under `swap` the first player places three stones (black, white, black) and the second chooses which
// colour to play; under `swap2` the second may instead place two more (white, black) and hand the choice
// of colour back. The stones are ordinary moves (their colours alternate as always); a choice is an
// event of its own, and the players' names follow the colours they chose.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace ttt {

enum class OpeningRule : int { None = 0, Swap = 1, Swap2 = 2 };

// "none", "swap", "swap2": the names of the log, the exports and the command line.
[[nodiscard]] const char* name_of(OpeningRule rule) noexcept;
[[nodiscard]] std::optional<OpeningRule> opening_rule_from_name(std::string_view name) noexcept;

enum class OpeningChoice : int {
    TakeBlack = 0,  // the chooser plays black (X); white (O) moves next
    TakeWhite = 1,  // the chooser plays white (O), and white moves next
    PlaceTwo = 2,   // swap2's first choice only: the second player places a white and a black stone and
                    // the first player chooses the colour
};

// "take_black", "take_white", "place_two".
[[nodiscard]] const char* name_of(OpeningChoice choice) noexcept;
[[nodiscard]] std::optional<OpeningChoice> opening_choice_from_name(std::string_view name) noexcept;

// The two people of a game with an opening rule: the first placed the first three stones.
enum class Opener : int { First = 0, Second = 1 };

// "first", "second".
[[nodiscard]] const char* name_of(Opener who) noexcept;
[[nodiscard]] std::optional<Opener> opener_from_name(std::string_view name) noexcept;

// Where a game's opening stands: its rule, the choices made and how many stones were on the board at
// each, and the players' names as the game was created (the first player's first).
struct OpeningState {
    OpeningRule rule = OpeningRule::None;
    std::array<OpeningChoice, 2> choices{};
    std::array<int, 2> stones_at{};
    int count = 0;
    std::string first_name;
    std::string second_name;

    friend bool operator==(const OpeningState&, const OpeningState&) = default;
};

// What the opening waits for, with `stones` on the board.
struct OpeningStep {
    enum class Kind : int { Place = 0, Choose = 1 };
    Kind kind = Kind::Place;
    Opener who = Opener::First;
    int stones_left = 0;         // Place: the stones still to place before the next choice
    bool may_place_two = false;  // Choose: swap2's first choice offers PlaceTwo
    friend bool operator==(const OpeningStep&, const OpeningStep&) = default;
};

// nullopt when the opening is over (or the game has none): the game goes on as any other.
[[nodiscard]] std::optional<OpeningStep> opening_step(const OpeningState& opening, int stones) noexcept;

// Who made the opening's choice number `index` (0 or 1): the second player the first, the first player
// the second (which only follows swap2's PlaceTwo).
[[nodiscard]] constexpr Opener chooser_of(int index) noexcept {
    return index == 0 ? Opener::Second : Opener::First;
}

// The name of the person who is `who`.
[[nodiscard]] const std::string& name_of(const OpeningState& opening, Opener who) noexcept;

// The names of black (X) and white (O) after the choices made so far: until a colour is chosen, the
// first player's is black's.
struct ColourNames {
    std::string x;
    std::string o;
};
[[nodiscard]] ColourNames names_after(const OpeningState& opening);

// For people: "Ann places the opening: 2 stones to go", "Bob chooses: play black, play white, or place two
// more stones".
[[nodiscard]] std::string describe(const OpeningStep& step, const OpeningState& opening);
// For people: "Bob plays black", "Bob places two more stones".
[[nodiscard]] std::string describe_choice(OpeningChoice choice, Opener chooser, const OpeningState& opening);

}  // namespace ttt
