// What a teacher or a student writes on a step of a game: a comment, a move glyph, a judgement of the
// position, and shapes on cells (arrows, circles, squares, triangles, crosses, labels) in a few colours.
// None changes the position. These are the values an annotation event will carry (docs/architecture.md,
// "Events"); the rules for what is acceptable are here, once, for the window, the CLI and every reader.
#pragma once

#include "tictactrace/engine/pos.hpp"

#include "tictactrace/base/result.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt {

// A move's glyph, as chess and renju annotators write them; SGF's BM, TE, DO and IT (its "doubtful" and
// "interesting") carry four of them, and BM[2] / TE[2] the doubled ones.
enum class Glyph : std::uint8_t { Good, Mistake, Brilliant, Blunder, Interesting, Dubious };
// The position's judgement: SGF's DM (even), UC (unclear), GB / GW (good for black / white), and [2] for
// a win.
enum class Judgement : std::uint8_t { Even, Unclear, XBetter, OBetter, XWinning, OWinning };

enum class ShapeKind : std::uint8_t { Arrow, Circle, Square, Triangle, Cross, Label };
// The colours Lichess draws with, chosen by the modifier held while drawing: none, Shift, Alt, both.
enum class ShapeColour : std::uint8_t { Green, Red, Blue, Yellow };

struct Shape {
    ShapeKind kind = ShapeKind::Circle;
    Pos at;                 // the cell; an arrow's tail
    std::optional<Pos> to;  // an arrow's head, and only an arrow's
    ShapeColour colour = ShapeColour::Green;
    std::string text;  // a label's text, and only a label's
    friend bool operator==(const Shape&, const Shape&) = default;
};

// A property of a record's node that nothing here reads (an SGF's KM, a clock's BL, a program's own), kept
// as its file wrote it so that the game written back gives it back. Never shown as markup; never edited.
struct KeptProperty {
    std::string id;  // as the file spelt it: 1 to kMaxKeptIdBytes ASCII letters and digits (renju's "5A")
    std::vector<std::string> values;  // each value's text between '[' and ']', escapes as the file wrote them
    friend bool operator==(const KeptProperty&, const KeptProperty&) = default;
};

struct Annotation {
    std::string comment;
    std::optional<Glyph> glyph;
    std::optional<Judgement> judgement;
    std::vector<Shape> shapes;
    std::vector<KeptProperty> kept;  // from an imported record, in its file's order
    [[nodiscard]] bool empty() const noexcept { return !marked() && kept.empty(); }
    // Whether a person wrote anything here that is shown: what the history marks and --clear removes.
    [[nodiscard]] bool marked() const noexcept {
        return !comment.empty() || glyph || judgement || !shapes.empty();
    }
    friend bool operator==(const Annotation&, const Annotation&) = default;
};

// A page of text: room for any explanation a teacher types, and a bound on what a file can make us store.
inline constexpr std::size_t kMaxCommentBytes = 8000;
inline constexpr std::size_t kMaxShapes = 40;
inline constexpr std::size_t kMaxLabelBytes = 8;
// Another program's properties on one step: room for what renju and Go editors write (a clock, a
// territory of a few hundred points), and a bound on what a file can make us store.
inline constexpr std::size_t kMaxKept = 64;
inline constexpr std::size_t kMaxKeptIdBytes = 16;
inline constexpr std::size_t kMaxKeptBytes = 16000;  // every id and value of a step together

// "!", "?", "!!", "??", "!?", "?!": how a glyph is written beside a move, and read back.
[[nodiscard]] const char* symbol_of(Glyph g) noexcept;
[[nodiscard]] std::optional<Glyph> glyph_from_symbol(std::string_view text) noexcept;
// "even", "unclear", "x-better", "o-better", "x-winning", "o-winning".
[[nodiscard]] const char* name_of(Judgement j) noexcept;
[[nodiscard]] std::optional<Judgement> judgement_from_name(std::string_view text) noexcept;
[[nodiscard]] const char* name_of(ShapeKind k) noexcept;
[[nodiscard]] const char* name_of(ShapeColour c) noexcept;
[[nodiscard]] std::optional<ShapeKind> shape_kind_from_name(std::string_view text) noexcept;
[[nodiscard]] std::optional<ShapeColour> shape_colour_from_name(std::string_view text) noexcept;

// Nothing when `a` can stand on a step of a rows x cols board; otherwise why not, in one sentence with
// 1-based cells. The comment: valid UTF-8, line breaks allowed but no other control character and no bidi
// control, at most kMaxCommentBytes. Shapes: at most kMaxShapes; every cell on the board; an arrow from a
// cell to another; a label of 1 to kMaxLabelBytes bytes under the rule of names; no two shapes the same.
// Kept properties: at most kMaxKept, kMaxKeptBytes together; each id of ASCII letters and digits, each value
// valid UTF-8 with no control character but a line break or a tab.
[[nodiscard]] Result<void, std::string> check_annotation(const Annotation& a, int rows, int cols);

}  // namespace ttt
