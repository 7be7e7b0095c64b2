// The opening rules' phases: which stones come next and whose choice is due.
#include "tictactrace/engine/opening.hpp"

namespace ttt {

namespace {

// The stones the first player places, and (swap2, after PlaceTwo) those the second adds.
constexpr int kFirstStones = 3;
constexpr int kMoreStones = 2;

}  // namespace

const char* name_of(OpeningRule rule) noexcept {
    switch (rule) {
    case OpeningRule::None: return "none";
    case OpeningRule::Swap: return "swap";
    case OpeningRule::Swap2: return "swap2";
    }
    return "none";
}

std::optional<OpeningRule> opening_rule_from_name(std::string_view name) noexcept {
    for (const OpeningRule r : {OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2})
        if (name == name_of(r)) return r;
    return std::nullopt;
}

const char* name_of(Opener who) noexcept {
    return who == Opener::First ? "first" : "second";
}

std::optional<Opener> opener_from_name(std::string_view name) noexcept {
    if (name == "first") return Opener::First;
    if (name == "second") return Opener::Second;
    return std::nullopt;
}

const char* name_of(OpeningChoice choice) noexcept {
    switch (choice) {
    case OpeningChoice::TakeBlack: return "take_black";
    case OpeningChoice::TakeWhite: return "take_white";
    case OpeningChoice::PlaceTwo: return "place_two";
    }
    return "take_black";
}

std::optional<OpeningChoice> opening_choice_from_name(std::string_view name) noexcept {
    for (const OpeningChoice c :
         {OpeningChoice::TakeBlack, OpeningChoice::TakeWhite, OpeningChoice::PlaceTwo})
        if (name == name_of(c)) return c;
    return std::nullopt;
}

std::optional<OpeningStep> opening_step(const OpeningState& o, int stones) noexcept {
    if (o.rule == OpeningRule::None) return std::nullopt;
    if (o.count == 0) {
        if (stones < kFirstStones)
            return OpeningStep{OpeningStep::Kind::Place, Opener::First, kFirstStones - stones};
        return OpeningStep{OpeningStep::Kind::Choose, Opener::Second, 0, o.rule == OpeningRule::Swap2};
    }
    if (o.count == 1 && o.choices[0] == OpeningChoice::PlaceTwo) {
        const int target = o.stones_at[0] + kMoreStones;
        if (stones < target) return OpeningStep{OpeningStep::Kind::Place, Opener::Second, target - stones};
        return OpeningStep{OpeningStep::Kind::Choose, Opener::First, 0, false};
    }
    return std::nullopt;
}

const std::string& name_of(const OpeningState& o, Opener who) noexcept {
    return who == Opener::First ? o.first_name : o.second_name;
}

ColourNames names_after(const OpeningState& o) {
    ColourNames names{o.first_name, o.second_name};
    for (int i = 0; i < o.count; ++i) {
        const OpeningChoice c = o.choices[static_cast<std::size_t>(i)];
        if (c == OpeningChoice::PlaceTwo) continue;
        const Opener chooser = chooser_of(i);
        const std::string& mine = name_of(o, chooser);
        const std::string& theirs = name_of(o, chooser == Opener::First ? Opener::Second : Opener::First);
        names = c == OpeningChoice::TakeBlack ? ColourNames{mine, theirs} : ColourNames{theirs, mine};
    }
    return names;
}

std::string describe(const OpeningStep& step, const OpeningState& o) {
    const std::string& who = name_of(o, step.who);
    if (step.kind == OpeningStep::Kind::Place)
        return who + " places the opening: " + std::to_string(step.stones_left) +
               (step.stones_left == 1 ? " stone" : " stones") + " to go";
    return who + (step.may_place_two ? " chooses: play black, play white, or place two more stones"
                                     : " chooses: play black or play white");
}

std::string describe_choice(OpeningChoice choice, Opener chooser, const OpeningState& o) {
    const std::string& who = name_of(o, chooser);
    switch (choice) {
    case OpeningChoice::TakeBlack: return who + " plays black";
    case OpeningChoice::TakeWhite: return who + " plays white";
    case OpeningChoice::PlaceTwo: return who + " places two more stones";
    }
    return who;
}

}  // namespace ttt
