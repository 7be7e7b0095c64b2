// The line classes, worked out once for every key by placing stones on the line: a class is defined by
// what one more stone of the same side can make, so each key's class comes from its successors' classes,
// remembered as they are found.
#include "line_pattern.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace ttt::detail {

namespace {

constexpr int kCells = 9;
constexpr int kMiddle = 4;
constexpr std::uint8_t kUnknown = 0xFF;

using Line = std::array<std::uint8_t, kCells>;

std::uint16_t key_of(const Line& line) noexcept {
    std::uint16_t key = 0;
    for (int i = 0; i < kCells; ++i) {
        if (i == kMiddle) continue;
        const int slot = line_slot(i - kMiddle);
        key = static_cast<std::uint16_t>(key | (line[static_cast<std::size_t>(i)] << (2 * slot)));
    }
    return key;
}

Line line_of(std::uint16_t key, std::uint8_t middle) noexcept {
    Line line{};
    for (int i = 0; i < kCells; ++i) {
        if (i == kMiddle) {
            line[static_cast<std::size_t>(i)] = middle;
            continue;
        }
        const int slot = line_slot(i - kMiddle);
        line[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((key >> (2 * slot)) & 3);
    }
    return line;
}

class Classifier {
public:
    Classifier(std::uint8_t me, bool exact) : m_me(me), m_exact(exact), m_memo(1u << 16, kUnknown) {}

    LinePattern at(std::uint16_t key) {
        std::uint8_t& known = m_memo[key];
        if (known == kUnknown) known = static_cast<std::uint8_t>(classify(line_of(key, m_me)));
        return static_cast<LinePattern>(known);
    }

    std::vector<std::uint8_t> table() {
        std::vector<std::uint8_t> out(1u << 16);
        for (std::uint32_t key = 0; key < (1u << 16); ++key)
            out[key] = static_cast<std::uint8_t>(at(static_cast<std::uint16_t>(key)));
        return out;
    }

private:
    // The run of the side's stones through the middle makes a five.
    [[nodiscard]] bool five(const Line& line) const noexcept {
        int length = 1;
        for (int i = kMiddle - 1; i >= 0 && line[static_cast<std::size_t>(i)] == m_me; --i) ++length;
        for (int i = kMiddle + 1; i < kCells && line[static_cast<std::size_t>(i)] == m_me; ++i) ++length;
        return m_exact ? length == 5 : length >= 5;
    }

    LinePattern classify(Line line) {
        if (five(line)) return LinePattern::Five;
        int completing = 0;
        for (auto& cell : line) {
            if (cell != kLineEmpty) continue;
            cell = m_me;
            if (five(line)) ++completing;
            cell = kLineEmpty;
        }
        if (completing >= 2) return LinePattern::OpenFour;
        if (completing == 1) return LinePattern::Four;
        // One stone more: what the best of them makes, a class down.
        LinePattern best = LinePattern::None;
        for (auto& cell : line) {
            if (cell != kLineEmpty) continue;
            cell = m_me;
            const LinePattern next = at(key_of(line));
            cell = kLineEmpty;
            LinePattern down = LinePattern::None;
            switch (next) {
            case LinePattern::OpenFour: down = LinePattern::OpenThree; break;
            case LinePattern::Four: down = LinePattern::Three; break;
            case LinePattern::OpenThree: down = LinePattern::OpenTwo; break;
            case LinePattern::Three: down = LinePattern::Two; break;
            default: break;
            }
            best = std::max(best, down);
        }
        return best;
    }

    std::uint8_t m_me;
    bool m_exact;
    std::vector<std::uint8_t> m_memo;
};

struct Tables {
    // [side][exact]
    std::vector<std::uint8_t> of[2][2];
    Tables() {
        for (int side = 0; side < 2; ++side)
            for (int exact = 0; exact < 2; ++exact)
                of[side][exact] =
                    Classifier(static_cast<std::uint8_t>(side == 0 ? kLineX : kLineO), exact != 0).table();
    }
};

const Tables& tables() {
    static const Tables built;
    return built;
}

}  // namespace

const char* name_of(LinePattern p) noexcept {
    switch (p) {
    case LinePattern::Five: return "five";
    case LinePattern::OpenFour: return "open four";
    case LinePattern::Four: return "four";
    case LinePattern::OpenThree: return "open three";
    case LinePattern::Three: return "three";
    case LinePattern::OpenTwo: return "open two";
    case LinePattern::Two: return "two";
    case LinePattern::None: return "none";
    }
    return "none";
}

std::uint16_t line_key(std::string_view nine) noexcept {
    Line line{};
    for (int i = 0; i < kCells && i < static_cast<int>(nine.size()); ++i) {
        std::uint8_t v = kLineEmpty;
        switch (nine[static_cast<std::size_t>(i)]) {
        case 'x': v = kLineX; break;
        case 'o': v = kLineO; break;
        case '#': v = kLineEdge; break;
        default: break;
        }
        line[static_cast<std::size_t>(i)] = v;
    }
    return key_of(line);
}

LinePattern line_pattern(std::uint16_t key, Player who, bool exact) noexcept {
    return static_cast<LinePattern>(line_pattern_table(who, exact)[key]);
}

const std::uint8_t* line_pattern_table(Player who, bool exact) noexcept {
    return tables().of[index_of(who)][exact ? 1 : 0].data();
}

}  // namespace ttt::detail
